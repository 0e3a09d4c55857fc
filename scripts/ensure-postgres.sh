#!/usr/bin/env bash
# The /api tests run a second time on a real PostgreSQL server they start themselves
# (scripts/lib/postgres-cluster.ts), from Debian's postgresql package: never a mock.
set -euo pipefail
if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then exit 0; fi
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "PostgreSQL is missing: installing Debian's postgresql package with apt-get…"
  apt-get update -qq
  # Only the binaries are used; no cluster needs to start with the package.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "The PostgreSQL tests need its server binaries (Debian: apt-get install postgresql)," >&2
echo "or set PG_BIN to a directory holding initdb, pg_ctl, pg_dump and pg_restore." >&2
echo "Run as root to have it installed for you." >&2
exit 1
