#!/usr/bin/env bash
# Sourced by the ensure-*.sh scripts: installs a missing Debian package when it can
# (as root, with apt-get), else explains on stderr how to get it and fails.
# Usage: install_debian_package PACKAGE "what is missing" "how to get it, line 1" ["line 2"…]
install_debian_package() {
  local package="$1" missing="$2"
  shift 2
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "$missing is missing: installing Debian's $package package with apt-get…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
    return 0
  fi
  printf '%s\n' "$@" "Run as root to have it installed for you." >&2
  return 1
}
