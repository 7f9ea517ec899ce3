#!/usr/bin/env bash
# Imports subscriptions from all three stores with the built `perennial import` (Perennial's own CSV) and kills
# the import midway. SUBSCRIPTIONS (default 10,000) are bought in the simulator for the worked example's app
# (examples/perennial.yaml, given App Store Server API credentials here): a third on the App Store, a third on
# Google Play, a third on Stripe; of each, one in ten then cancelled (auto-renew off, Play's cancel, Stripe's
# cancel_at_period_end) and one in ten refunded or ended (App Store and Play refunds, Stripe's immediate
# cancel). Nothing tells Perennial before the import: no notification, no webhook. The first run is killed with
# SIGKILL once a third is done; the second resumes and finishes. Then every customer must hold exactly one
# subscription and one initial purchase, and its state, renewal and expiry must equal what the simulator holds
# (App Store: /simulator/subscriptions/{id}; Play: subscriptionsv2's view; Stripe: GET /v1/subscriptions/{id}).
# Two malformed rows must be refused with their reasons. Ports 18480 (Perennial, for the comparison) and 18490
# (simulator); the work happens in build-artifacts/import (ignored by git).
#
# Environment: PERENNIAL_BIN (default .build/debug/perennial), SUBSCRIPTIONS.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/debug/perennial}
subscriptions=${SUBSCRIPTIONS:-10000}
work=$repo/build-artifacts/import
rm -rf "$work"
mkdir -p "$work"
cd "$work"
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null' EXIT
# shellcheck source=lib/import-checks.sh
source "$repo/scripts/lib/import-checks.sh"

# An App Store Server API key: the simulator knows its public half, Perennial signs with the private one.
openssl ecparam -name prime256v1 -genkey -noout 2>/dev/null | openssl pkcs8 -topk8 -nocrypt -out server-api.p8
openssl pkey -in server-api.p8 -pubout -out server-api.pub.pem 2>/dev/null
python3 - > simulator.json <<'PY'
import json
product = lambda id, period, level: {"id": id, "type": "auto_renewable", "subscription_group": "pro", "group_level": level, "period": period}
print(json.dumps({"time_scale": "manual", "apps": [{
    "bundle_id": "com.example.perennial", "shared_secret": "5e6f0c2a9b8d4e1f7a3c6b9d2e5f8a1c", "grace_period_days": 16,
    "server_api": {"issuer_id": "import-check", "key_id": "IMPORTKEY1", "public_key_pem": open("server-api.pub.pem").read()},
    "products": [product("pro.monthly", "month", 2), product("pro.yearly", "year", 2)]}]}))
PY
example_config 184 import.sqlite \
  | python3 -c '
import sys
for line in sys.stdin:
    sys.stdout.write(line)
    if line.strip() == "root_certificates: [simulator-root.der]":
        indent = line[: len(line) - len(line.lstrip())]
        for extra in ["server_api:", "  issuer_id: import-check", "  key_id: IMPORTKEY1", "  private_key_file: server-api.p8",
                      "  base_url: http://127.0.0.1:18490/sandbox"]:
            sys.stdout.write(indent + extra + "\n")
' > perennial.yaml
grep -q "key_id: IMPORTKEY1" perennial.yaml || { echo "check-import: could not give the example app a Server API key" >&2; exit 1; }

"$bin" simulator --port 18490 --ephemeral --config simulator.json > simulator.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18490/simulator/root-certificate -o simulator-root.der && break; sleep 0.2; done
curl -sf localhost:18490/simulator/google/key-file -o simulator-play-key.json
curl -sf localhost:18490/simulator/paypal/root.pem -o simulator-paypal-root.pem
curl -sf -X POST localhost:18490/simulator/stripe/prices \
  -d '{"id": "price_example_pro_monthly", "unit_amount": 999, "currency": "usd", "product_name": "Pro (web)"}' > /dev/null
"$bin" migrate --config perennial.yaml > /dev/null 2>&1

started=$(date +%s)
python3 "$repo/scripts/import-check.py" buy "$subscriptions" > import.csv
echo "check-import: $subscriptions subscriptions bought across the App Store, Google Play and Stripe in $(( $(date +%s) - started )) s"

started=$(date +%s)
kill_import_midway import.csv.progress "$subscriptions" first.log "$bin" import import.csv --config perennial.yaml --requests-per-second 1000 || { echo "check-import: could not kill the import midway" >&2; exit 1; }
echo "check-import: killed with SIGKILL at $KILLED_AT customers"

"$bin" import import.csv --config perennial.yaml --requests-per-second 1000 --json > second.log 2>&1 || { cat second.log >&2; exit 1; }
echo "check-import: imported in $(( $(date +%s) - started )) s, the kill included"
# --json: progress lines, the last one final, then a line per refused row.
python3 - "$subscriptions" <<'PY'
import json, sys
lines = [json.loads(line) for line in open("second.log") if line.startswith("{")]
progress = [line for line in lines if "customers_done" in line]
refused = {line["row"]: line["reason"] for line in lines if "row" in line}
final = progress[-1]
print(f"  final: {final['customers_done']} of {final['customers_total']} customers, {final['subscriptions_read']} subscriptions read")
problems = []
if final["customers_done"] != final["customers_total"] or final["customers_total"] != int(sys.argv[1]):
    problems.append("the import did not finish every customer")
if final.get("failures"):
    problems.append(f"{len(final['failures'])} subscriptions could not be read, e.g. {final['failures'][0]}")
if not (refused.get(2, "").startswith("app_user_id") and refused.get(3, "").startswith("store")):
    problems.append(f"the malformed rows were not refused with their reasons: {refused}")
for row, reason in sorted(refused.items()):
    print(f"  refused row {row}: {reason}")
if problems:
    print("check-import: " + "; ".join(problems), file=sys.stderr)
    sys.exit(1)
PY

"$bin" serve --config perennial.yaml > serve.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18480/health > /dev/null && break; sleep 0.2; done
started=$(date +%s)
python3 "$repo/scripts/import-check.py" compare "$subscriptions"
echo "check-import: every imported customer matches the simulator (compared in $(( $(date +%s) - started )) s)"
