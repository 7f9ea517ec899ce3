#!/usr/bin/env bash
# The web paywall in a real browser: Chromium and its driver from Debian's packages, Selenium and
# axe-selenium-python from PyPI in a throwaway virtualenv. Runs the worked example's app
# (examples/perennial.yaml, examples/paywalls.json) against the simulator on ports 18280 and 18290, then
# browser/web_paywall_check.py: the page renders at phone and desktop widths (screenshots under
# $SCREENSHOTS, default build-artifacts/screenshots, kept out of git), passes axe-core's checks, is usable by
# keyboard alone, its button reaches the Stripe simulator's checkout, and the purchase comes back as an
# entitlement.
#
# Environment: PERENNIAL_BIN (default .build/debug/perennial); BROWSER_VENV, a virtualenv holding selenium
# and axe-selenium-python to reuse; SCREENSHOTS; BROWSER_KEEP, set to keep the temporary folder.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/debug/perennial}
screenshots=${SCREENSHOTS:-$repo/build-artifacts/screenshots}
work=$(mktemp -d /tmp/perennial-browser.XXXXXX)

# shellcheck source=lib/import-checks.sh
source "$repo/scripts/lib/import-checks.sh"
# shellcheck source=lib/browser-checks.sh
source "$repo/scripts/lib/browser-checks.sh"
trap browser_cleanup EXIT
venv=${BROWSER_VENV:-$work/venv}
install_browser "$venv"

cd "$work"
example_config 182 browser.sqlite > perennial.yaml
"$bin" simulator --port 18290 --ephemeral > simulator.log 2>&1 &
example_stores 182
"$bin" serve --config perennial.yaml > serve.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18280/health >/dev/null && break; sleep 0.2; done
if ! curl -sf localhost:18280/health >/dev/null; then
    echo "check-web-paywall: perennial serve did not start" >&2
    tail -50 serve.log simulator.log >&2
    exit 1
fi
curl -sf -X PUT localhost:18280/v1/admin/paywalls -H 'Authorization: Bearer sk_example_0123456789' \
    -H 'Content-Type: application/json' --data-binary @"$repo/examples/paywalls.json" > /dev/null

mkdir -p "$screenshots"
status=0
"$venv/bin/python" "$repo/scripts/browser/web_paywall_check.py" --perennial http://127.0.0.1:18280 --simulator http://127.0.0.1:18290 \
    --screenshots "$screenshots" || status=1
if [[ $status -ne 0 ]]; then
    tail -30 serve.log >&2
fi
exit $status
