import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./tests/e2e/fixtures";

// Debian's Chromium, headless, with the background-networking that this machine's
// closed network would refuse switched off. Playwright never downloads a browser.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

// The main process starts the server once; workers load this file too but start nothing,
// and take its directory and port from the environment it hands them.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "club-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
/** A port free on loopback now, so the tests run beside anything else listening (this config cannot await). */
const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ]).toString();
const E2E_PORT = Number((process.env.E2E_PORT ??= freePort()));
// E-mail is set up: the site sends to a real SMTP server on loopback, which keeps each
// message in E2E_MAIL_DIR for the specs (tests/e2e/mailbox.ts).
const E2E_SMTP_PORT = Number((process.env.E2E_SMTP_PORT ??= freePort()));
const mailDir = (process.env.E2E_MAIL_DIR ??= join(dataDir, "mail-received"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // The two projects run at once on CI's two cores (scripts/test-e2e.sh): the bounds are
  // for a busy machine; every wait is still on what a person would see.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: { baseURL: `http://localhost:${E2E_PORT}`, trace: "off" },
  projects: [
    // *.js.spec.ts is what only a scripted page does; *.nojs.spec.ts what replaces it without.
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /\.nojs\.spec\.ts$/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.js\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: "node --import tsx tests/e2e/smtp-capture.ts",
      port: E2E_SMTP_PORT,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: String(E2E_SMTP_PORT), E2E_MAIL_DIR: mailDir },
    },
    {
      // The site as `npm start` runs it, memory settings included (npm test builds it first).
      command: "npm start",
      url: `http://localhost:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: "1",
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        MAIL_FROM: "club@example.org",
      },
    },
  ],
});
