#!/usr/bin/env bash
# The /api tests run a second time on a real PostgreSQL server they start themselves
# (scripts/lib/postgres-cluster.ts), from Debian's postgresql package: never a mock.
# Only its binaries are used; no cluster needs to start with the package.
set -euo pipefail
source "$(dirname "$0")/debian-package.sh"
if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then exit 0; fi
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; then exit 0; fi
install_debian_package postgresql PostgreSQL \
  "The PostgreSQL tests need its server binaries (Debian: apt-get install postgresql)," \
  "or set PG_BIN to a directory holding initdb, pg_ctl, pg_dump and pg_restore."
