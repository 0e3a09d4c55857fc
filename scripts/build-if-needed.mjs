// `npm start` builds only when the build is missing or older than a source file.
import { execSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD = "build/index.js";
const SOURCES = ["app", "remix.config.js", "package.json"];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

let builtAt = 0;
try {
  builtAt = statSync(BUILD).mtimeMs;
} catch {
  // Not built yet.
}
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log("Building the site…");
  execSync("npx remix build", { stdio: "inherit" });
}
