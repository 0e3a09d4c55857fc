// `npm start`: build what is stale, then run the compiled server in this same process.
// package.json starts it with `exec`, so npm's shell is replaced by this node process
// and a SIGTERM sent to npm (docker stop, a process manager) reaches the server: a
// shell left in between would die of it and leave the server running.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { SERVER_BUNDLE } from "./build-server.mjs";

await buildIfNeeded();
// Stack traces name the TypeScript sources (build/server.js.map), not bundle lines.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(resolve(SERVER_BUNDLE)).href);
