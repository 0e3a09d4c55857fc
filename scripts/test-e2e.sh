#!/usr/bin/env bash
# The browser tests (`npm run test:e2e`): Playwright's two projects, JavaScript on and
# off, at once, each as its own Playwright run with its own server and DATA_DIR
# (playwright.config.ts makes both per run), so neither sees what the other's specs add;
# on CI's two cores that takes about the time of the longer one rather than of both.
# Each run's output is printed whole when it ends; the exit status fails if either did.
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
printf '\n== Playwright, JavaScript on\n'
cat "$logs/js.log"
printf '\n== Playwright, JavaScript off\n'
cat "$logs/no-js.log"
exit $((js_status || nojs_status))
