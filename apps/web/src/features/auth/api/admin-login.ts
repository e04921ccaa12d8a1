import type { LoginReply, UsernameLoginInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';

/** POST /api/auth/admin/login: an admin signs in with username and password. */
export const adminLogin = (input: UsernameLoginInput) => api.post<LoginReply>('/auth/admin/login', input);
