import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarLink } from "@/contracts/calendar";
import { apiGet } from "@/client/lib/api";

export const calendarLinkKey = ["/api/me/calendar"] as const;

/** The player's private calendar feed's address (made on the first ask). */
export const getCalendarLink = () => apiGet<CalendarLink>("/api/me/calendar");

// The address changes only through "Reset link", which writes the new one into the query.
export const calendarLinkQuery = queryOptions({
  queryKey: calendarLinkKey,
  queryFn: getCalendarLink,
  staleTime: Infinity,
});

export const useCalendarLink = () => useQuery(calendarLinkQuery);
