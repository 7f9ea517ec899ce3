#!/usr/bin/env bash
# Imports RevenueCat customers with the built `perennial` and kills the import midway: `perennial import --from
# revenuecat` of an export of CUSTOMERS (default 10,000) Google Play customers of the worked example's app
# (examples/perennial.yaml) bought in the simulator, half of them anonymous ids RevenueCat saw log in. The first
# run is killed with SIGKILL once it has done a third; the second resumes and finishes. Then the database must
# hold each customer once, each subscription once, one initial purchase each, and an alias per anonymous id.
# Ports 18390 (simulator); the work happens in build-artifacts/revenuecat-import (ignored by git).
#
# Environment: PERENNIAL_BIN (default .build/debug/perennial), CUSTOMERS.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/debug/perennial}
customers=${CUSTOMERS:-10000}
work=$repo/build-artifacts/revenuecat-import
rm -rf "$work"
mkdir -p "$work"
cd "$work"
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null' EXIT
# shellcheck source=lib/import-checks.sh
source "$repo/scripts/lib/import-checks.sh"

example_config 183 import.sqlite > perennial.yaml
"$bin" simulator --port 18390 --ephemeral > simulator.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18390/simulator/root-certificate -o simulator-root.der && break; sleep 0.2; done
curl -sf localhost:18390/simulator/google/key-file -o simulator-play-key.json
curl -sf localhost:18390/simulator/paypal/root.pem -o simulator-paypal-root.pem
"$bin" migrate --config perennial.yaml > /dev/null 2>&1

started=$(date +%s)
python3 - "$customers" > export.csv <<'PY'
import http.client, json, sys
customers = int(sys.argv[1])
connection = http.client.HTTPConnection("127.0.0.1", 18390)
print("rc_original_app_user_id;rc_last_seen_app_user_id_alias;country;product_identifier;store;is_sandbox;store_transaction_id;original_store_transaction_id")
for index in range(customers):
    connection.request("POST", "/simulator/google/purchases", json.dumps({"product_id": "pro.monthly"}), {"content-type": "application/json"})
    response = connection.getresponse()
    order = json.loads(response.read())["order_id"]
    original = f"$RCAnonymousID:{index:032x}" if index % 2 == 0 else f"user-{index}"
    print(f"{original};user-{index};US;pro.monthly;play_store;true;{order};{order}")
PY
echo "check-revenuecat-import: $customers Play purchases bought in $(( $(date +%s) - started )) s"

started=$(date +%s)
kill_import_midway export.csv.progress "$customers" first.log "$bin" import --from revenuecat export.csv --config perennial.yaml --requests-per-second 1000 || { echo "check-revenuecat-import: could not kill the import midway" >&2; exit 1; }
echo "check-revenuecat-import: killed with SIGKILL at $KILLED_AT customers"

"$bin" import --from revenuecat export.csv --config perennial.yaml --requests-per-second 1000 > second.log 2>&1 || { cat second.log >&2; exit 1; }
tail -1 second.log
echo "check-revenuecat-import: imported in $(( $(date +%s) - started )) s, the kill included"

python3 - "$customers" <<'PY'
import sqlite3, sys
customers = int(sys.argv[1])
db = sqlite3.connect("import.sqlite")
def one(sql): return db.execute(sql).fetchone()[0]
checks = {
    "customers": (one("SELECT count(*) FROM customers WHERE app_id = 'example'"), customers),
    "subscriptions": (one("SELECT count(*) FROM subscriptions WHERE app_id = 'example'"), customers),
    "subscription owners": (one("SELECT count(DISTINCT owner_app_user_id) FROM subscriptions WHERE app_id = 'example'"), customers),
    "initial purchases": (one("SELECT count(*) FROM events WHERE app_id = 'example' AND kind = 'initial_purchase'"), customers),
    "aliases": (one("SELECT count(*) FROM customer_aliases WHERE app_id = 'example'"), (customers + 1) // 2),
}
failed = [f"{name}: {got}, expected {want}" for name, (got, want) in checks.items() if got != want]
for name, (got, _) in checks.items(): print(f"  {name}: {got}")
if failed:
    print("check-revenuecat-import: " + "; ".join(failed), file=sys.stderr)
    sys.exit(1)
PY
echo "check-revenuecat-import: every customer, subscription and alias once"
