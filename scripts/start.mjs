// `npm start`: build what is stale, then run the compiled server in this same process.
// package.json starts it with `exec`, so npm's shell is replaced by this node process
// and a SIGTERM sent to npm (docker stop, a process manager) reaches the server: a
// shell left in between would die of it and leave the server running.
//
// package.json also sets, before node starts (they cannot be changed once it runs):
// - MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072: glibc's malloc otherwise
//   gives each thread that decodes an image an arena of its own, and keeps the big
//   blocks libvips frees for reuse; after a few dozen photo uploads the process held
//   over a gigabyte it no longer used. Blocks from 128 KB are now mapped and unmapped.
// - --max-semi-space-size=8: V8's young generation grows to 2 × 16 MB during start and
//   under load and stays there; 2 × 8 MB keeps RSS within budget (docs/architecture.md §8).
// A value already in the environment is kept for either variable.
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { SERVER_BUNDLE } from "./build-server.mjs";

// In a child process: the build tools (esbuild, and Zopfli's WebAssembly with its
// 16 MB memory) would otherwise stay loaded in the server for as long as it runs.
const buildIfNeeded = fileURLToPath(new URL("./build-if-needed.mjs", import.meta.url));
const build = spawnSync(process.execPath, [buildIfNeeded], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// Stack traces name the TypeScript sources (build/server.js.map), not bundle lines.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(SERVER_BUNDLE)).href);
