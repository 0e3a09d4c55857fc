import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "./fixtures";

/**
 * What reached the e2e run's mail server (tests/e2e/smtp-capture.ts): the specs wait for
 * an e-mail as a parent waits for it in their inbox.
 */
function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set");
  return dir;
}

async function mailsTo(address: string): Promise<ParsedMail[]> {
  const dir = mailDir();
  const found: ParsedMail[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith(".eml"))
    .sort()) {
    const mail = await simpleParser(readFileSync(join(dir, name)));
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
    if (to.includes(address.toLowerCase())) found.push(mail);
  }
  return found;
}

/** The e-mails to `address`, once `count` of them have arrived (in the order they came). */
export async function waitForMail(address: string, count = 1): Promise<ParsedMail[]> {
  let mails: ParsedMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, { message: `e-mail to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first link in an e-mail's plain text whose path starts with `path`, as a path. */
export function linkIn(mail: ParsedMail, path: string): string {
  for (const match of (mail.text ?? "").matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url.pathname + url.search;
  }
  throw new Error(`No ${path} link in the e-mail "${mail.subject ?? ""}"`);
}
