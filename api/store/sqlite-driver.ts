import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/**
 * Which build of better-sqlite3 this Node loads. Version 13 is built on Node-API 10 and
 * ships its binaries in the package, and it is the only one that runs on Node 24:
 * version 12 derives from node::ObjectWrap, whose Node 24 destructor aborts the process
 * when a statement is collected outside JavaScript ("Assertion failed: (env) !=
 * nullptr"). Node 20 lacks Node-API 10, so there version 12 (compiled at install) is
 * used. Both have the same API; `better-sqlite3-napi` is version 13 under another name.
 */
const require = createRequire(import.meta.url);

export const NODE_API_FOR_13 = 10;

export const SQLite: typeof BetterSqlite3 =
  Number(process.versions.napi ?? 0) >= NODE_API_FOR_13 ? require("better-sqlite3-napi") : require("better-sqlite3");

export type { Database as SqliteDatabase } from "better-sqlite3";
