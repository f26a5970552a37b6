import { useMutation } from "@tanstack/react-query";
import type { CalendarLink } from "@/contracts/calendar";
import { apiRequest } from "@/client/lib/api";
import { queryClient } from "@/client/lib/query-client";
import { calendarLinkKey } from "./get-calendar-link";

/** "Reset link": a new address; the old one stops working. */
export const resetCalendarLink = () => apiRequest<CalendarLink>("POST", "/api/me/calendar/reset");

export function useResetCalendarLink() {
  return useMutation({
    mutationFn: resetCalendarLink,
    onSuccess: (link) => queryClient.setQueryData(calendarLinkKey, link),
  });
}
