import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtp } from "../fixtures/smtp";

/**
 * The e2e run's mail server (started by playwright.config.ts beside the site, whose
 * SMTP_URL points here): the real `smtp-server` on loopback, keeping each message it
 * accepts as a file in E2E_MAIL_DIR for the specs to read (tests/e2e/mailbox.ts).
 */
const port = Number(process.env.E2E_SMTP_PORT);
const dir = process.env.E2E_MAIL_DIR;
if (!port || !dir) throw new Error("E2E_SMTP_PORT and E2E_MAIL_DIR must be set");
mkdirSync(dir, { recursive: true });

let count = 0;
const smtp = await startSmtp({
  port,
  onMessage(mail) {
    // Written aside, then renamed: a reader never sees half a message.
    const name = `${String(++count).padStart(6, "0")}.eml`;
    writeFileSync(join(dir, `.${name}`), mail.raw);
    renameSync(join(dir, `.${name}`), join(dir, name));
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void smtp.stop().then(() => process.exit(0)));
}
