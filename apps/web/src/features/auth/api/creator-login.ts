import type { CreatorCredentials, LoginReply } from '@cutroom/contracts';
import { api } from '../../../lib/api';

/** POST /api/auth/creator/login: a creator signs in with e-mail and password. */
export const creatorLogin = (input: CreatorCredentials) => api.post<LoginReply>('/auth/creator/login', input);
