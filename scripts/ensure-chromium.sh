#!/usr/bin/env bash
# The browser tests use Debian's Chromium, never a downloaded one (docs/architecture.md, 'Tests').
set -euo pipefail
source "$(dirname "$0")/debian-package.sh"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
install_debian_package chromium Chromium \
  "The browser tests need Chromium at $CHROMIUM (Debian: apt-get install chromium)," \
  "or set CHROMIUM_PATH to another Chromium."
