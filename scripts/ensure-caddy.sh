#!/usr/bin/env bash
# The reverse-proxy test (tests/server/behind-caddy.test.ts) puts Debian's Caddy in front
# of the site with the example deploy/Caddyfile: never a downloaded binary.
set -euo pipefail
source "$(dirname "$0")/debian-package.sh"
CADDY="${CADDY_PATH:-/usr/bin/caddy}"
if [ -x "$CADDY" ]; then exit 0; fi
install_debian_package caddy Caddy \
  "The reverse-proxy test needs Caddy at $CADDY (Debian: apt-get install caddy)," \
  "or set CADDY_PATH to another Caddy 2."
