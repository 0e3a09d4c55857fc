/**
 * The booking pages hold people's details: no cache keeps them and no search engine
 * lists them (docs/product.md, 'Bookings'). Which of them may be framed, and which send
 * no Referer, is the security headers' to say (security/headers.server.ts).
 */
export const BOOKING_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
