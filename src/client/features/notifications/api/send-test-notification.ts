import { useMutation } from "@tanstack/react-query";
import type { TestNotificationResult } from "@/contracts/notifications";
import { apiRequest } from "@/client/lib/api";

/** "Send a test notification": to this player's e-mail and devices, as their settings say. */
export const useSendTestNotification = () =>
  useMutation({
    mutationFn: () => apiRequest<TestNotificationResult>("POST", "/api/me/notifications/test"),
  });
