import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit, api and app tests run in Node; the browser tests are Playwright's (tests/e2e).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["tests/{unit,api,app}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-test-secret-0123" },
  },
});
