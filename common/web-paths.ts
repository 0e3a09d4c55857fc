/** Addresses both sides write: the site's pages and links, and the calendar files and e-mails the /api makes. */

/** Only web pages go into the booking frame or a link: never javascript: or data: addresses. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** The public page of one event. */
export function eventPagePath(id: string | number): string {
  return `/events/${encodeURIComponent(id)}`;
}
