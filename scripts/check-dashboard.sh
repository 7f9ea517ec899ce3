#!/usr/bin/env bash
# The web dashboard in a real browser: Chromium and its driver from Debian's packages, Selenium and
# axe-selenium-python from PyPI in a throwaway virtualenv. Runs the worked example's app (examples/perennial.yaml,
# rewritten to ports 18380, 18381 and the simulator's 18390, a database in a temporary folder, App Store purchases
# in production on real time so the overview's figures are not all zero, a customer-service offer on pro.yearly
# to grant, jobs buried after two quick attempts), fills it with customers bought through the simulator — on
# the App Store twelve monthly subscribers joining a month apart from 200 days ago (the simulated App Store
# starts then and its clock is advanced), then today's (kept, auto-renew off, refunded, an introductory offer,
# a free trial), on Google Play and Stripe — and one dead letter (a receipt posted while the simulated App
# Store answers 503, given up after its last attempt), creates an owner, a support agent and a viewer with
# `perennial users create`, then runs browser/dashboard_check.py against it (screenshots under
# $SCREENSHOTS/dashboard, default build-artifacts/screenshots, kept out of git).
#
# Environment: PERENNIAL_BIN (default .build/debug/perennial); BROWSER_VENV, a virtualenv holding selenium
# and axe-selenium-python to reuse; SCREENSHOTS; BROWSER_KEEP, set to keep the temporary folder;
# DASHBOARD_SETUP_ONLY, set to stop once the data is made (it prints the customers and the dead jobs).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/debug/perennial}
screenshots=${SCREENSHOTS:-$repo/build-artifacts/screenshots}
work=$(mktemp -d /tmp/perennial-dashboard.XXXXXX)
# shellcheck source=lib/import-checks.sh
source "$repo/scripts/lib/import-checks.sh"
# shellcheck source=lib/browser-checks.sh
source "$repo/scripts/lib/browser-checks.sh"
trap browser_cleanup EXIT

for port in 18380 18381 18390; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "check-dashboard: port $port is in use" >&2
        exit 1
    fi
done
if [[ -z ${DASHBOARD_SETUP_ONLY:-} ]]; then
    venv=${BROWSER_VENV:-$work/venv}
    install_browser "$venv"
fi

cd "$work"
# The example on this check's ports, plus: App Store data signed in production accepted too (the simulator's
# example app is 1000000001 there); jobs buried after two attempts a second or two apart (the dead letter); an
# offer customer service can grant.
example_config 183 dashboard.sqlite | awk '
    /^      environments: \[Sandbox\]$/ { print "      environments: [Production, Sandbox]"; print "      app_apple_id: 1000000001"; next }
    { print }
    /^  database: / { print "  jobs: {max_attempts: 2, backoff_base_seconds: 1, backoff_max_seconds: 2}" }
    /^      - id: pro.yearly$/ { yearly = 1 }
    yearly && /^        entitlements:/ {
        print "        offers:"
        print "          - {id: cs-free-month, type: free, periods: 1, rule: {kind: customer_service}}"
        yearly = 0
    }
' > perennial.yaml
for rewritten in 'app_apple_id: 1000000001' 'max_attempts: 2' 'cs-free-month'; do
    grep -q "$rewritten" perennial.yaml || { echo "check-dashboard: examples/perennial.yaml changed; its rewrite lacks $rewritten" >&2; exit 1; }
done

# The simulated App Store starts 200 days ago on real time; the first customers' months of renewals are made
# by advancing its clock (below), so the retention table and the charts have history.
"$bin" simulator --port 18390 --ephemeral --time-scale '{factor: 1}' --start "$(date -u -d '200 days ago' +%Y-%m-%dT%H:%M:%SZ)" \
    --notification-url http://127.0.0.1:18380/v1/apple/notifications/example \
    --google-push-url http://127.0.0.1:18380/v1/google/notifications/example > simulator.log 2>&1 &
example_stores 183
"$bin" serve --config perennial.yaml > serve.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18380/health >/dev/null && break; sleep 0.2; done
if ! curl -sf localhost:18380/health >/dev/null; then
    echo "check-dashboard: perennial serve did not start" >&2
    tail -50 serve.log simulator.log >&2
    exit 1
fi

# The worked example's paywalls and experiment, for the paywall pages.
curl -sf -X PUT localhost:18380/v1/admin/paywalls -H 'Authorization: Bearer sk_example_0123456789' \
    -H 'Content-Type: application/json' --data-binary @"$repo/examples/paywalls.json" > /dev/null

# The customers, through the simulator's stores and Perennial's API as the apps would send them.
started=$(date +%s)
python3 - <<'PY' || { tail -30 serve.log >&2; exit 1; }
import datetime, http.client, json, sys, time

SECRET, PUBLIC = "Bearer sk_example_0123456789", "Bearer pk_example_0123456789"


def call(port, method, path, body=None, headers=None, expect=(200, 201, 202)):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"content-type": "application/json", **(headers or {})}
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    text = response.read()
    if response.status not in expect:
        sys.exit(f"check-dashboard: {method} {path} answered {response.status}: {text[:300]!r}")
    return response.status, (json.loads(text) if text else {})


def simulator(method, path, body=None):
    return call(18390, method, path, body)[1]


def perennial(method, path, body=None, key=PUBLIC, expect=(200, 201)):
    return call(18380, method, path, body, {"Authorization": key}, expect)


def wait_for(what, test, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if test():
            return
        time.sleep(0.2)
    sys.exit(f"check-dashboard: waited {seconds} s for {what}")


def subscriptions(app_user_id):
    return perennial("GET", f"/v1/customers/{app_user_id}")[1].get("subscriptions", [])


def buried():
    return perennial("GET", "/v1/admin/jobs?state=buried", key=SECRET)[1]["jobs"]


def app_store(account, product, offer="none"):
    bought = simulator("POST", "/simulator/purchases", {
        "account": account, "bundle_id": "com.example.perennial", "product_id": product, "environment": "production",
        "offer": offer})
    return bought["original_transaction_id"], bought["receipt_data"]


made = {}
# Months of history: two monthly subscribers join each month from 200 days ago, the second of every other
# month turning auto-renew off in its first period; the simulator's clock is advanced a month at a time
# (renewals and their notifications as Apple sends them), then to two minutes ago, where it runs on in real time.
def advance(seconds):
    simulator("POST", "/simulator/clock/advance", {"seconds": seconds})


history = []
for month in range(6):
    for suffix, leaves in (("a", False), ("b", month % 2 == 0)):
        account = f"m{month}{suffix}"
        original, receipt = app_store(account, "pro.monthly")
        perennial("POST", "/v1/receipts", {"app_user_id": account, "receipt_data": receipt})
        history.append((account, original, leaves))
    advance(20 * 86_400)
    for account, original, leaves in history[-2:]:   # this month's two
        if leaves:
            simulator("POST", f"/simulator/subscriptions/{original}/auto-renew", {"enabled": False})
    advance(10 * 86_400)
behind = time.time() * 1000 - simulator("GET", "/simulator/clock")["now_ms"] - 120_000
if behind > 0:
    advance(behind / 1000)


def caught_up(account):
    held = simulator("GET", f"/simulator/accounts/{account}?bundle_id=com.example.perennial")["subscriptions"][0]["expires_at_ms"]
    recorded = subscriptions(account)[0].get("expires_at")
    return recorded is not None and abs(datetime.datetime.fromisoformat(recorded.replace("Z", "+00:00")).timestamp() * 1000 - held) < 1000


for account, original, leaves in history:
    wait_for(f"{account}'s renewals", lambda: caught_up(account), seconds=90)
made["m0a…m5b"] = f"app_store pro.monthly, {len(history)} subscribers joining a month apart from 200 days ago"
# App Store, in production: the simulator runs on real time (--time-scale '{factor: 1}', not the sandbox's month in
# 5 minutes), so nothing renews or lapses while the browser compares figures and today's stock figures are not 0.
# Hugo takes pro.yearly's introductory offer (3 months) and Gus pro.monthly's free week, for the offers page.
for account, product, offer, fate in [("ada", "pro.yearly", "none", "kept"), ("ben", "pro.yearly", "none", "auto-renew off"),
                                      ("cleo", "pro.monthly", "none", "refunded"), ("hugo", "pro.yearly", "intro", "kept"),
                                      ("gus", "pro.monthly", "trial", "kept")]:
    original, receipt = app_store(account, product, offer)
    perennial("POST", "/v1/receipts", {"app_user_id": account, "receipt_data": receipt})
    if fate == "auto-renew off":
        simulator("POST", f"/simulator/subscriptions/{original}/auto-renew", {"enabled": False})
        wait_for(f"{account}'s auto-renew off", lambda: subscriptions(account)[0].get("will_renew") is False)
    elif fate == "refunded":
        simulator("POST", f"/simulator/subscriptions/{original}/refund", {"reason": "1"})
        wait_for(f"{account}'s refund", lambda: subscriptions(account)[0].get("state") == "revoked")
    made[account] = f"app_store {product} {original} ({fate}{', offer ' + offer if offer != 'none' else ''})"

# Google Play: the yearly plan (30 minutes on Play's test schedule).
token = simulator("POST", "/simulator/google/purchases", {"product_id": "pro.yearly", "obfuscated_account_id": "dev"})["purchase_token"]
perennial("POST", "/v1/google/purchases", {"app_user_id": "dev", "purchase_token": token, "product_id": "pro.yearly"})
made["dev"] = f"play_store pro.yearly {token[:24]}…"

# Stripe: a Checkout Session paid as the customer would (the example's 7-day trial).
session = perennial("POST", "/v1/stripe/checkout-sessions", {"app_user_id": "erin", "product_id": "price_example_pro_monthly"})[1]["id"]
simulator("POST", f"/simulator/stripe/checkout-sessions/{session}/complete")
wait_for("erin's Stripe subscription", lambda: any(s.get("store") == "stripe" for s in subscriptions("erin")))
made["erin"] = f"stripe price_example_pro_monthly {subscriptions('erin')[0]['subscription_id']}"

# The dead letter: the App Store answers 503 to verifyReceipt, a receipt posted meanwhile is queued (202), its
# job fails twice and is buried; then the App Store answers again, so retrying it from the dashboard works.
simulator("POST", "/simulator/faults", {"kind": "http", "http_status": 503})
original, receipt = app_store("fay", "pro.yearly")
perennial("POST", "/v1/receipts", {"app_user_id": "fay", "receipt_data": receipt}, expect=(202,))
wait_for("the receipt's job to be buried", lambda: len(buried()) > 0, seconds=60)
simulator("DELETE", "/simulator/faults")
made["fay"] = f"app_store pro.yearly {original} (receipt posted during an App Store outage: pending)"

for app_user_id, what in made.items():
    print(f"  customer {app_user_id}: {what}")
for job in buried():
    print(f"  dead job {job['id']}: {job['kind']}, {job['attempts']} attempts, last error {job.get('last_error')}")
PY
echo "check-dashboard: data made in $(( $(date +%s) - started )) s"
if [[ -n ${DASHBOARD_SETUP_ONLY:-} ]]; then
    exit 0
fi

owner_password="owner-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
support_password="support-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
viewer_password="viewer-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$owner_password" | "$bin" users create --config perennial.yaml --email owner@example.com --name "Olive Owner" \
    --role owner --password-stdin > /dev/null
printf '%s\n' "$support_password" | "$bin" users create --config perennial.yaml --email support@example.com --name "Sam Support" \
    --role support --apps example --password-stdin > /dev/null
printf '%s\n' "$viewer_password" | "$bin" users create --config perennial.yaml --email viewer@example.com --name "Vera Viewer" \
    --role viewer --password-stdin > /dev/null

mkdir -p "$screenshots/dashboard"
status=0
"$venv/bin/python" "$repo/scripts/browser/dashboard_check.py" --perennial http://127.0.0.1:18380 --simulator http://127.0.0.1:18390 \
    --screenshots "$screenshots/dashboard" --customer ada \
    --owner "owner@example.com:$owner_password" --support "support@example.com:$support_password" \
    --viewer "viewer@example.com:$viewer_password" || status=1
if [[ $status -ne 0 ]]; then
    tail -30 serve.log >&2
fi
exit $status
