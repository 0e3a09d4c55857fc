#!/usr/bin/env bash
# Once more on Node 24 LTS, the version the README recommends, while the machine's own
# node (20 on CI) runs everything: what Node's version can change. That is the native
# modules and the runtime under the /api (the /api's tests: SQLite's driver, sharp,
# crypto, streams), SQLite's files (snapshots, backups, a damaged database, durability),
# and the server as `npm start` runs it. The app's loaders and the unit tests are plain
# JavaScript over those, the same on either.
#
# Node 24 comes from the npm registry's `node` package (its binary and headers), into
# .cache/node24, which git ignores; a second run reuses it. Nothing is rebuilt: the
# native modules the site loads on Node 24 are Node-API ones that carry their binaries
# (sharp, and SQLite's better-sqlite3 13, see api/store/sqlite-driver.ts), so the
# node_modules that `npm ci` made on the machine's node serve both. PostgreSQL's driver
# is plain JavaScript, which is why the postgres project is not run twice.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24=.cache/node24
if [ ! -x "$NODE24/node_modules/node/bin/node" ]; then
  mkdir -p "$NODE24"
  npm install --prefix "$NODE24" --no-save --no-package-lock --no-audit --no-fund node@24
fi
# First in PATH, so that whatever the tests start (the server, npm start) runs on it too.
export PATH="$PWD/$NODE24/node_modules/node/bin:$PATH"
node -e 'if (!process.version.startsWith("v24.")) throw new Error(`expected Node 24, got ${process.version}`)'
echo "vitest on Node $(node --version) (Node-API $(node -p process.versions.napi))"
node node_modules/vitest/vitest.mjs run --project sqlite tests/api \
  tests/server/backup-restore.test.ts tests/server/damaged-database.test.ts tests/server/durability.test.ts \
  tests/server/npm-start.test.ts
