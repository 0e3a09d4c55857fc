import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../common/config";

/**
 * The go-live guide's example settings and systemd unit (docs/going-live.md) hold
 * together with the code: every variable in deploy/club-site.env is one the site reads,
 * with a value it accepts, and the unit reads that file and runs `npm start`.
 * (deploy/Caddyfile is run for real: tests/server/behind-caddy.test.ts.)
 */

/** KEY=value lines as systemd's EnvironmentFile= and `set -a; . file` both read them. */
function environmentFile(path: string): Record<string, string> {
  const entries = readFileSync(path, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!match) throw new Error(`${path}: not a KEY=value line: ${line}`);
      const [, key, raw] = match;
      const quoted = /^"(.*)"$/.exec(raw) ?? /^'(.*)'$/.exec(raw);
      return [key, quoted ? quoted[1] : raw] as const;
    });
  return Object.fromEntries(entries);
}

describe("deploy/club-site.env", () => {
  const example = environmentFile("deploy/club-site.env");

  it("sets only variables the site reads, each to a value it accepts", () => {
    const config = parseEnv(example);
    // parseEnv keeps only the variables it knows: a misspelt name would be dropped here.
    for (const key of Object.keys(example)) expect(config, key).toHaveProperty(key);
  });

  it("sets what the guide says to change before going live", () => {
    expect(example).toMatchObject({ SEED_DEMO: "0", TRUST_PROXY: "1", HOST: "127.0.0.1" });
    expect(example.SITE_URL).toMatch(/^https:\/\//);
    // Sourced before `npm ci` in the guide's commands: NODE_ENV=production would drop the build tools.
    expect(example).not.toHaveProperty("NODE_ENV");
    for (const key of ["SITE_NAME", "CONTACT_EMAIL", "MESSAGING_GROUP_URL", "SOCIAL_GROUP_URL", "ADMIN_PASSWORD"]) {
      expect(example, key).toHaveProperty(key);
    }
  });
});

describe("deploy/club-site.service", () => {
  const unit = readFileSync("deploy/club-site.service", "utf8");

  it("runs npm start as its own user with the example's settings, and restarts it", () => {
    expect(unit).toMatch(/^ExecStart=\S*\/npm start$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/club-site\.env$/m);
    expect(unit).toMatch(/^User=club$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^WantedBy=multi-user\.target$/m);
  });

  it("gives the server longer to stop than the 10 seconds it takes at most (docs/operations.md, 'Stopping')", () => {
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stopSeconds).toBeGreaterThan(10);
  });
});
