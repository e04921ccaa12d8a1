import { useMutation } from '@tanstack/react-query';
import type { CreatorCredentials, MessageReply } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/creator/register: a new creator; a code is e-mailed to verify the address. */
export const registerCreator = (input: CreatorCredentials) =>
  api.post<MessageReply>('/auth/creator/register', input);

export const useRegisterCreator = (config: MutationConfig<MessageReply, CreatorCredentials> = {}) =>
  useMutation({ ...config, mutationFn: registerCreator });
