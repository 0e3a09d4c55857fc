/** An event is booked here when its booking address is its own booking page (the /api makes it so). */
export function bookedOnSite(event: { id: string; bookingUrl: string }): boolean {
  try {
    return new URL(event.bookingUrl).pathname === `/events/${encodeURIComponent(event.id)}/book`;
  } catch {
    return false;
  }
}
