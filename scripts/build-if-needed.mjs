// `npm start` builds only what is missing or older than one of its sources: the Remix
// app (build/index.js) and the server bundle (build/server.js).
import { execSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { compressStatic } from "./compress-static.mjs";

const REMIX_BUILD = "build/index.js";
const REMIX_SOURCES = ["app", "common", "remix.config.js", "package.json"];
// server.ts imports the embedded API and a few app/lib modules (configuration, headers).
const SERVER_SOURCES = [
  "server.ts",
  "api",
  "common",
  "app",
  "tsconfig.json",
  "package.json",
  "scripts/build-server.mjs",
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function isStale(output, sources) {
  let builtAt = 0;
  try {
    builtAt = statSync(output).mtimeMs;
  } catch {
    // Not built yet.
  }
  return builtAt < Math.max(...sources.map(newestMtime));
}

export async function buildIfNeeded() {
  if (isStale(REMIX_BUILD, REMIX_SOURCES)) {
    console.log("Building the site…");
    // Always the production build, as `npm run build` makes: under vitest (NODE_ENV=test)
    // Remix compiled JSX for React's development runtime, and a server started in
    // production then failed on every page ('jsxDEV is not a function').
    execSync("npx remix build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    await compressStatic();
  }
  if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) {
    console.log("Building the server…");
    await buildServer();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildIfNeeded();
