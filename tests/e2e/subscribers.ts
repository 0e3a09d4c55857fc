import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";

/**
 * Subscribers for the e-mail pages' specs, written into the e2e server's SQLite data
 * (E2E_DATA_DIR) by a short Node process: a spec about the manage page starts from a
 * confirmed subscriber without going through the form and its e-mail again.
 */
function sql(statement: string, ...params: (string | number | null)[]): unknown[] {
  const script = `
    import { SQLite } from "./api/store/sqlite-driver";
    const [file, statement, params] = process.argv.slice(-3);
    const db = new SQLite(file);
    const prepared = db.prepare(statement);
    const rows = prepared.reader ? prepared.all(...JSON.parse(params)) : (prepared.run(...JSON.parse(params)), []);
    db.close();
    process.stdout.write(JSON.stringify(rows));
  `;
  const file = `${process.env.E2E_DATA_DIR}/data.sqlite`;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script, "--", file, statement, JSON.stringify(params)],
    { encoding: "utf8" },
  );
  return JSON.parse(out) as unknown[];
}

export interface TestSubscriber {
  email: string;
  manageToken: string;
  confirmToken: string;
}

let made = 0;

/** A subscriber for news as posted, waiting for confirmation or confirmed. */
export function addSubscriber({ confirmed }: { confirmed: boolean }): TestSubscriber {
  const email = `parent-${Date.now()}-${++made}@example.org`;
  const manageToken = randomBytes(32).toString("base64url");
  const confirmToken = randomBytes(32).toString("base64url");
  const now = new Date().toISOString();
  sql(
    `insert into subscribers (email, email_key, news, events, frequency, manage_token, confirm_token_hash,
       consent_version, consent_text, created_at, confirmed_at, confirmation_sent_at)
     values (?, ?, 1, 0, 'posted', ?, ?, 'test', 'test', ?, ?, ?)`,
    email,
    email,
    manageToken,
    confirmed ? null : createHash("sha256").update(confirmToken).digest("hex"),
    now,
    confirmed ? now : null,
    now,
  );
  return { email, manageToken, confirmToken };
}

/** The stored row's choices and state, or null once unsubscribed. */
export function storedSubscriber(
  email: string,
): { news: number; events: number; frequency: string; confirmed_at: string | null } | null {
  const rows = sql("select news, events, frequency, confirmed_at from subscribers where email = ?", email);
  return (rows[0] as ReturnType<typeof storedSubscriber>) ?? null;
}
