import { createHmac, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { setBookingLink, type Booking, type BookingLink } from "../../store/booking-rows";
import type { Database } from "../../store/schema";
import { hashToken } from "./tokens";

/**
 * A booking's private link (docs/product.md, 'Bookings'): 128 bits, of which the database
 * keeps only a SHA-256 hash, as before. The token is an HMAC, under the server's signing
 * secret, of a random seed kept beside the hash: so the link a family already has can be
 * e-mailed again (asking for it, or booking twice, must not replace it), while the
 * database alone, or a backup of it, still opens no booking.
 */

/** 128 random bits, base64url: what a private link's token looks like. */
export const BOOKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const tokenOf = (secret: string, seed: string) =>
  createHmac("sha256", secret).update(`booking-link:${seed}`).digest().subarray(0, 16).toString("base64url");

/** A new private link: its token, and what the booking keeps of it. */
export function newBookingLink(secret: string): { token: string; link: BookingLink } {
  const seed = randomBytes(16).toString("base64url");
  const token = tokenOf(secret, seed);
  return { token, link: { seed, tokenHash: hashToken(token) } };
}

/**
 * The booking's private link as the family has it. A booking without one (taken by hand)
 * gets its first; so does one whose link cannot be told again (made before links had a
 * seed, or under another SESSION_SECRET), which is the only time a link is replaced.
 */
export async function bookingLinkToken(db: Kysely<Database>, secret: string, booking: Booking): Promise<string> {
  if (booking.link_seed && booking.token_hash) {
    const token = tokenOf(secret, booking.link_seed);
    if (hashToken(token) === booking.token_hash) return token;
  }
  const made = newBookingLink(secret);
  await setBookingLink(db, booking.id, made.link);
  return made.token;
}
