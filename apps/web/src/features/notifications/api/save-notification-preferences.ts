import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  NOTIFICATION_MESSAGES,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@cutroom/contracts/notifications';
import { api } from '../../../lib/api';
import { getNotificationPreferencesQueryKey } from './get-notification-preferences';

/** PUT /api/notifications/preferences: 400 with a message when a locked kind is turned off. */
export const saveNotificationPreferences = (input: NotificationPreferencesInput) =>
  api.put<{ message: string; data: NotificationPreferences }>('/notifications/preferences', input);

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => saveNotificationPreferences(input),
    // The toast is given here rather than by the form: the saved settings remount the form.
    onSuccess: ({ message, data }) => {
      qc.setQueryData(getNotificationPreferencesQueryKey(), data);
      toast.success(message || NOTIFICATION_MESSAGES.saved);
    },
  });
}
