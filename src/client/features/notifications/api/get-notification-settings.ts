import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationSettings } from "@/contracts/notifications";
import { apiGet } from "@/client/lib/api";

export const notificationSettingsKey = ["/api/me/notifications"] as const;

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: () => apiGet<NotificationSettings>("/api/me/notifications"),
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);
