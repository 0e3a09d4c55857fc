import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { whoWeAreSchema } from "../upstream/answers.server";
import { getJson } from "../upstream/client.server";

/**
 * The Who We Are page's contact e-mail, which the footer of every page shows in place of
 * CONTACT_EMAIL when it is set (docs/product.md, 'Footer'). Every page's frame asks for
 * it, so one answer is held for as long as the page cache keeps a page (5 s,
 * server.ts): a busy site reads it at most once in that time, not once a request. A save
 * made here forgets it at once; one made through another instance shows within the 5 s.
 */
const HOLD_MS = 5_000;

let held: { email: string | null; until: number } | null = null;

/** Null when the page has none, or holds something that is not an e-mail address. */
async function readContactEmail(context: AppLoadContext): Promise<string | null> {
  const { contactEmail } = await getJson(context, "/api/who-we-are", whoWeAreSchema);
  const email = z.email().safeParse(contactEmail.trim());
  return email.success ? email.data : null;
}

export async function whoWeAreContactEmail(context: AppLoadContext): Promise<string | null> {
  const now = Date.now();
  if (held && now < held.until) return held.email;
  // The footer is on every page, error pages too: an upstream that cannot answer leaves it
  // with the configured address rather than failing the page.
  const email = await readContactEmail(context).catch(() => null);
  held = { email, until: now + HOLD_MS };
  return email;
}

/** After Edit Who We Are saves, so the next page's footer shows the new address. */
export function forgetContactEmail(): void {
  held = null;
}
