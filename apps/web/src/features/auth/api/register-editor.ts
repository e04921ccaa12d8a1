import { useMutation } from '@tanstack/react-query';
import type { MessageReply, RegisterEditorInput, User } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

type Reply = MessageReply & { data: User };

/** POST /api/auth/admin/register-editor: an admin creates an editor's account. */
export const registerEditor = (input: RegisterEditorInput) =>
  api.post<Reply>('/auth/admin/register-editor', input);

export const useRegisterEditor = (config: MutationConfig<Reply, RegisterEditorInput> = {}) =>
  useMutation({ ...config, mutationFn: registerEditor });
