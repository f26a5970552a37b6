import { useMutation } from "@tanstack/react-query";
import type { NotificationSettings } from "@/contracts/notifications";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { notificationSettingsKey } from "./get-notification-settings";

/** Saves the whole settings at once; the screen shows the change at once and goes back on a failure. */
export function useSaveNotificationSettings() {
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<NotificationSettings>("PUT", "/api/me/notifications", settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
      queryClient.setQueryData(notificationSettingsKey, settings);
      return { before };
    },
    onError: (_error, _settings, context) =>
      queryClient.setQueryData(notificationSettingsKey, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}
