import type { LoginReply, UsernameLoginInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';

/** POST /api/auth/editor/login: an editor signs in with username and password. */
export const editorLogin = (input: UsernameLoginInput) => api.post<LoginReply>('/auth/editor/login', input);
