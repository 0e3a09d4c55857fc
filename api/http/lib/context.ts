import type { MailDeps } from "../../mail/settings";
import type { Store } from "../../store/db";
import type { TokenUser } from "../../store/tokens";
import type { NodeBindings } from "./client-address";
import type { HashGate } from "./hash-gate";

/** What every route module needs; built once in ops/start-up.ts. */
export interface ApiDeps {
  store: Store;
  now: () => Date;
  trustProxy: boolean;
  signingSecret: string;
  /** Hash used for unknown usernames so they cost the same time as a wrong password. */
  dummyPasswordHash: () => Promise<string>;
  /** scrypt's cost for new passwords (lowered in tests). */
  passwordCost: number;
  /** Every password check goes through it: only a few run at once. */
  hashGate: HashGate;
  /** The site's address as visitors' browsers know it: passkeys are bound to it (lib/relying-party.ts). */
  siteOrigin: string;
  /** E-mail (docs/product.md, 'E-mail'): the settings, and the sender to wake after queueing. */
  mail: MailDeps;
  /** docs/product.md, 'Bookings': days after an event its bookings' names and addresses are kept. */
  bookingRetentionDays: number;
}

export interface ApiEnv {
  Bindings: NodeBindings;
  Variables: {
    /** Set by requireAdmin: who is signed in, and the hash of the token they sent. */
    user: TokenUser;
    userId: number;
    tokenHash: string;
  };
}
