import { formatDate, formatEventTime } from "~/lib/dates";

/**
 * An event's date in its own <time>, as the product spec formats it, with the time beside it
 * ("December 19, 2026 · 4:30pm"), in the site's zone.
 */
export function EventWhen({ date, timeZone }: { date: string; timeZone: string }) {
  const time = formatEventTime(date, timeZone);
  return (
    <>
      <time dateTime={date}>{formatDate(date, timeZone)}</time>
      {time ? ` · ${time}` : null}
    </>
  );
}
