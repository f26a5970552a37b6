import { apiRequest } from "./api";

/**
 * Stops this device's push notifications for the signed-in player: the subscription is removed on
 * the server and in the browser. Turning push off does it, and so does signing out (the next
 * person on this browser must not get the last one's notifications). Never throws: a device
 * without push, or a server that cannot be reached, leaves nothing to undo here.
 */
export async function dropPushSubscription(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
    const worker = await navigator.serviceWorker.getRegistration();
    const subscription = await worker?.pushManager.getSubscription();
    if (!subscription) return;
    await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(
      () => undefined,
    );
    await subscription.unsubscribe();
  } catch {
    // Nothing more to do on this device.
  }
}
