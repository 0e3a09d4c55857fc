import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dkimSettings, mailFrom, parseEnv } from "../../common/config";

const dir = mkdtempSync(join(tmpdir(), "mail-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("e-mail's configuration (docs/product.md, 'E-mail')", () => {
  it("is not set up by default, with a rate of 60 a minute and 10 minutes' delay", () => {
    const config = parseEnv({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBeUndefined();
    expect(config.MAIL_REPLY_TO).toBeUndefined();
    expect(config).toMatchObject({ MAIL_RATE_PER_MINUTE: 60, MAIL_POST_DELAY_MINUTES: 10 });
    expect(mailFrom(config, "https://club.example.org")).toBe("club@club.example.org");
    expect(dkimSettings(config, "club@club.example.org")).toBeNull();
  });

  it("takes smtp:// and smtps:// URLs with or without a user, and the addresses", () => {
    for (const url of ["smtp://mail.example.org:587", "smtps://user:p%40ss@mail.example.org:465"]) {
      expect(parseEnv({ SMTP_URL: url }).SMTP_URL).toBe(url);
    }
    const config = parseEnv({
      MAIL_FROM: "dads@oakfield.example",
      MAIL_REPLY_TO: "committee@oakfield.example",
      MAIL_RATE_PER_MINUTE: "120",
      MAIL_POST_DELAY_MINUTES: "0",
    });
    expect(config).toMatchObject({ MAIL_RATE_PER_MINUTE: 120, MAIL_POST_DELAY_MINUTES: 0 });
    expect(mailFrom(config, "https://club.example.org")).toBe("dads@oakfield.example");
  });

  it("names each bad value", () => {
    expect(() =>
      parseEnv({
        SMTP_URL: "http://mail.example.org",
        MAIL_FROM: "not an address",
        MAIL_REPLY_TO: "also@not@an.address",
        MAIL_RATE_PER_MINUTE: "0",
        MAIL_POST_DELAY_MINUTES: "soon",
      }),
    ).toThrow(
      "Invalid configuration:\n" +
        "  SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587\n" +
        "  MAIL_FROM: must be an e-mail address, e.g. club@example.org\n" +
        "  MAIL_REPLY_TO: must be an e-mail address, e.g. club@example.org\n" +
        "  MAIL_RATE_PER_MINUTE: must be at least 1\n" +
        "  MAIL_POST_DELAY_MINUTES: must be a whole number",
    );
    expect(() => parseEnv({ DKIM_SELECTOR: "bad selector!" })).toThrow(
      "DKIM_SELECTOR: must be a DNS label such as club2026 (letters, digits, hyphens)",
    );
  });

  it("wants both DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE, or neither", () => {
    expect(() => parseEnv({ DKIM_SELECTOR: "club2026" })).toThrow(
      "DKIM_PRIVATE_KEY_FILE: must be set when DKIM_SELECTOR is (DKIM needs both)",
    );
    expect(() => parseEnv({ DKIM_PRIVATE_KEY_FILE: "/etc/club/dkim.pem" })).toThrow(
      "DKIM_SELECTOR: must be set when DKIM_PRIVATE_KEY_FILE is (DKIM needs both)",
    );
  });

  it("reads the DKIM key at start: a PEM private key signs for MAIL_FROM's domain; a missing or wrong file is named", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const keyFile = join(dir, "dkim.pem");
    writeFileSync(keyFile, pem);
    const config = parseEnv({ DKIM_SELECTOR: "club2026", DKIM_PRIVATE_KEY_FILE: keyFile });
    expect(dkimSettings(config, "Club@Oakfield.Example")).toEqual({
      domainName: "oakfield.example",
      keySelector: "club2026",
      privateKey: pem,
    });

    const missing = join(dir, "missing.pem");
    expect(() => dkimSettings({ DKIM_SELECTOR: "club2026", DKIM_PRIVATE_KEY_FILE: missing }, "a@b.example")).toThrow(
      `DKIM_PRIVATE_KEY_FILE: cannot be read (${missing}: ENOENT)`,
    );
    const notKey = join(dir, "not-a-key.pem");
    writeFileSync(notKey, "-----BEGIN PRIVATE KEY-----\nnonsense\n-----END PRIVATE KEY-----\n");
    expect(() => dkimSettings({ DKIM_SELECTOR: "club2026", DKIM_PRIVATE_KEY_FILE: notKey }, "a@b.example")).toThrow(
      `DKIM_PRIVATE_KEY_FILE: must hold a PEM private key (${notKey})`,
    );
  });
});
