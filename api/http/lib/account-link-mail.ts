import type { Context } from "hono";
import type { Kysely } from "kysely";
import { accountLinkContent, type AccountLinkMail } from "../../mail/account-link-mail";
import { queueMail } from "../../mail/outbox";
import { linkIdOf } from "../../store/account-links";
import type { Database } from "../../store/schema";
import { JOIN_PATH } from "./account-link-urls";
import type { ApiDeps, ApiEnv } from "./context";
import { readJson } from "./validation";
import { hashToken } from "./tokens";

type MadeLink = { url: string; path: string; expiresAt: string };

/** What a link's answer says of its e-mail, when one was asked for: to whom, and whether e-mail is set up to send it. */
export interface LinkEmailAnswer {
  email?: { to: string; setUp: boolean };
}

/**
 * Makes an invitation or a reset link and, when an address was typed (docs/product.md,
 * 'The committee'), queues it to that address in the same transaction: the link and its
 * e-mail exist together or not at all. The e-mail's link is absolute to SITE_URL, the
 * address parents and the committee know. Without an address, the link is made as always.
 */
export async function makeLinkAndMail(
  deps: ApiDeps,
  email: string,
  make: (db: Kysely<Database>) => Promise<MadeLink>,
  describe: (url: string, expiresAt: string) => AccountLinkMail,
): Promise<MadeLink & LinkEmailAnswer> {
  if (!email) return make(deps.store.db);
  const now = deps.now();
  const made = await deps.store.db.transaction().execute(async (trx) => {
    const link = await make(trx);
    const token = link.path.slice(JOIN_PATH.length);
    await queueMail(
      trx,
      // Woken below, once the message is committed and the sender can see it.
      { settings: deps.mail.settings, wake: () => undefined },
      {
        // The link's public id (docs/product.md, 'The committee'): one e-mail per link.
        key: `account-link:${linkIdOf(hashToken(token))}`,
        kind: "account-link",
        to: email,
        content: accountLinkContent(
          deps.mail.settings,
          describe(`${deps.mail.settings.siteUrl}${link.path}`, link.expiresAt),
        ),
      },
      now,
    );
    return { ...link, email: { to: email, setUp: deps.mail.settings.configured } };
  });
  deps.mail.wake();
  return made;
}

/** Who made a link, as its e-mail names them: their name, or their username without one. */
export function makerOf(c: Context<ApiEnv>): string {
  const user = c.get("user");
  return user.name || user.username;
}

/**
 * A body that may be left out: the reset-link call took none before an address could be
 * sent with it, and a call without one keeps working.
 */
export async function readOptionalJson(c: Context): Promise<Record<string, unknown>> {
  if ((await c.req.text()).trim() === "") return {};
  return readJson(c);
}
