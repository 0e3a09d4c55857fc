#!/usr/bin/env bash
# `npm test`: every check and every layer of tests, in the order that fails fastest, each
# step timed, and the times printed at the end (also when a step fails), so a slower CI is
# seen where it grows (the project's budgets; docs/performance.md, 'CI time').
set -euo pipefail
cd "$(dirname "$0")/.."

times=()
current=""
step() {
  current=$1
  shift
  local started=$SECONDS
  printf '\n== npm test: %s\n' "$current"
  "$@"
  times+=("$(printf '%-28s %5d s' "$current" $((SECONDS - started)))")
  current=""
}
report() {
  printf '\nnpm test, time per step:\n'
  printf '  %s\n' "${times[@]}"
  # The step that stopped the run, named last: the end of the output is what is read first.
  if [ -n "$current" ]; then printf '  %-28s FAILED (its output is above)\n' "$current"; fi
}
trap report EXIT

step "typecheck" npx tsc --noEmit
step "lint" npx eslint .
step "layering (dependency-cruiser)" npm run --silent deps
step "format" npx prettier --check --log-level warn .
step "build" npm run --silent build
# The reverse-proxy test runs Debian's Caddy (scripts/ensure-caddy.sh says how to get it).
step "caddy (for vitest)" bash scripts/ensure-caddy.sh
step "vitest (sqlite, postgres)" npx vitest run
step "browser (js, no-js)" bash scripts/test-e2e.sh
