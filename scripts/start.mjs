// `npm start`: build what is stale, then run the compiled server in this same process.
// package.json starts it with `exec`, so npm's shell is replaced by this node process
// and a SIGTERM sent to npm (docker stop, a process manager) reaches the server: a
// shell left in between would die of it and leave the server running.
//
// Memory (docs/architecture.md, 'Budgets'). package.json sets what must be in place before node
// starts; a value already in the environment is kept (NODE_OPTIONS is added to):
// - MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=65536: glibc's malloc otherwise gives
//   each thread that decodes an image an arena of its own and keeps the big blocks
//   libvips frees for reuse (with four photos decoded at once, 48 uploads left the
//   server holding 1.4 GB). Blocks from 64 KB are now mapped, and unmapped when freed.
// - NODE_OPTIONS=--max-semi-space-size=2: V8's young generation grew to 2 × 16 MB at
//   start and stayed there; at 2 × 2 MB the pages' rate and CPU time per request were
//   the same within the noise of a shared 2-core machine.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { SERVER_BUNDLE } from "./build-server.mjs";

// Under load V8 let the old generation grow to several times what was live before
// collecting it (the heap reached 165 MB with 55 MB live); 1.5 times keeps it nearer.
// V8 reads it at each collection, so setting it here, before the server loads, takes
// effect (node does not take it in NODE_OPTIONS, and the command stays plain).
setFlagsFromString("--heap-growing-percent=50");

// In a child process: the build tools (esbuild, and Zopfli's WebAssembly with its
// 16 MB memory) would otherwise stay loaded in the server for as long as it runs.
const buildIfNeeded = fileURLToPath(new URL("./build-if-needed.mjs", import.meta.url));
const build = spawnSync(process.execPath, [buildIfNeeded], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// Stack traces name the TypeScript sources (build/server.js.map), not bundle lines.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(SERVER_BUNDLE)).href);
