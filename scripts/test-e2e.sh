#!/usr/bin/env bash
# The browser tests (`npm run test:e2e`): Playwright's two projects, JavaScript on and
# off, at once, each as its own Playwright run with its own server and DATA_DIR
# (playwright.config.ts makes both per run), so neither sees what the other's specs add;
# on CI's two cores that takes about the time of the longer one rather than of both.
# Each run's output is printed whole when both end; the exit status fails if either did.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh || exit 1
# Each run's server is `npm start`, which builds what is stale: built once here instead,
# so the two never build into the same folder at once.
node scripts/build-if-needed.mjs || exit 1

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
npx playwright test --project=js "$@" >"$logs/js.log" 2>&1 &
js=$!
npx playwright test --project=no-js "$@" >"$logs/no-js.log" 2>&1 &
nojs=$!
wait "$js"
js_status=$?
wait "$nojs"
nojs_status=$?
# A failed run is printed last, so the end of CI's output (often all that is kept)
# shows its failures and their errors rather than the other run's passes.
print_run() { printf '\n== Playwright, JavaScript %s\n' "$1"; cat "$logs/$2.log"; }
if [ "$js_status" -ne 0 ] && [ "$nojs_status" -eq 0 ]; then
  print_run off no-js
  print_run on js
else
  print_run on js
  print_run off no-js
fi
exit $((js_status || nojs_status))
