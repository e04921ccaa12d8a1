import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { NOTIFICATION_MESSAGES, type NotificationPreferencesInput } from '@cutroom/contracts/notifications';
import { fetchPreferences, notificationKeys, savePreferences } from '../api/notifications-api';

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => fetchPreferences(signal),
    staleTime: 0,
  });
}

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => savePreferences(input),
    // The toast is given here rather than by the form: the saved settings remount the form.
    onSuccess: ({ message, data }) => {
      qc.setQueryData(notificationKeys.preferences, data);
      toast.success(message || NOTIFICATION_MESSAGES.saved);
    },
  });
}
