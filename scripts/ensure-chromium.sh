#!/usr/bin/env bash
# The browser tests use Debian's Chromium, never a downloaded one (docs/architecture.md §7).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package with apt-get…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM (Debian: apt-get install chromium)," >&2
echo "or set CHROMIUM_PATH to another Chromium. Run as root to have it installed for you." >&2
exit 1
