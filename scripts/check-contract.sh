#!/usr/bin/env bash
# Checks a live `perennial serve` against openapi.yaml with schemathesis (from PyPI, in a throwaway
# virtualenv): every operation, called with the app's public key, its secret key and no key, must answer no
# 5xx, only statuses the document lists, and bodies, content types and headers the document describes.
# The server runs the worked example's app (examples/perennial.yaml) against the simulator, on ports 18080
# and 18090, in a temporary folder; its rate limits are raised so the run measures the contract, not the
# budgets.
#
# Environment: PERENNIAL_BIN, the perennial binary (default .build/debug/perennial); CONTRACT_MAX_EXAMPLES,
# examples per operation and phase (default 12); CONTRACT_VENV, a virtualenv holding schemathesis to reuse;
# CONTRACT_SEED, the generator's seed (default 1); CONTRACT_KEEP, set to keep the temporary folder (the
# servers' logs, the database and each run's HAR file).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/debug/perennial}
examples=${CONTRACT_MAX_EXAMPLES:-12}
work=$(mktemp -d /tmp/perennial-contract.XXXXXX)
cleanup() {
    local pids
    pids=$(jobs -p)
    [[ -n $pids ]] && kill $pids 2>/dev/null
    wait 2>/dev/null || true
    [[ -n ${CONTRACT_KEEP:-} ]] || rm -rf "$work"
}
trap cleanup EXIT
for port in 18080 18090; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "check-contract: port $port is in use" >&2
        exit 1
    fi
done

venv=${CONTRACT_VENV:-$work/venv}
if [[ ! -x $venv/bin/schemathesis ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check 'schemathesis==4.32.5'
fi

cd "$work"
owner_token=contract-owner-token-0123456789abcdef
printf '%s\n' "$owner_token" > owner-token
# The example's configuration on other ports, with budgets no run of this script spends.
"$venv/bin/python" - "$repo/examples/perennial.yaml" > perennial.yaml <<'PY'
import sys, yaml
text = open(sys.argv[1]).read().replace("127.0.0.1:8090", "127.0.0.1:18090").replace("127.0.0.1:8080", "127.0.0.1:18080")
config = yaml.safe_load(text)
config["server"]["port"] = 18080
config["server"]["revenuecat"] = {"port": 18081}
config["server"]["database"] = "sqlite://contract.sqlite"
config["server"]["owner_token_file"] = "owner-token"
ample = {"per_second": 100000, "burst": 100000}
config["server"]["rate_limit"] = {key: ample for key in ["public", "secret", "notifications", "rejected_notifications_per_address"]}
print(yaml.safe_dump(config, sort_keys=False))
PY

"$bin" simulator --port 18090 --ephemeral --notification-url http://127.0.0.1:18080/v1/apple/notifications/example \
    --google-push-url http://127.0.0.1:18080/v1/google/notifications/example > simulator.log 2>&1 &
for _ in $(seq 150); do curl -sf localhost:18090/simulator/root-certificate -o simulator-root.der && break; sleep 0.2; done
curl -sf localhost:18090/simulator/google/key-file -o simulator-play-key.json
curl -sf localhost:18090/simulator/paypal/root.pem -o simulator-paypal-root.pem
# The web prices the example sells (README's worked example makes them the same way).
curl -sf -X POST localhost:18090/simulator/stripe/prices \
    -d '{"id": "price_example_pro_monthly", "unit_amount": 999, "currency": "usd", "product_name": "Pro (web)"}' > /dev/null
curl -sf -X POST localhost:18090/simulator/stripe/prices \
    -d '{"id": "price_example_pro_yearly", "unit_amount": 4999, "currency": "usd", "interval": "year", "product_name": "Pro (web, yearly)"}' > /dev/null
"$bin" serve --config perennial.yaml > serve.log 2>&1 &
server=$!
for _ in $(seq 150); do curl -sf localhost:18080/health >/dev/null && break; sleep 0.2; done
if ! curl -sf localhost:18080/health >/dev/null; then
    echo "check-contract: perennial serve did not start" >&2
    tail -50 serve.log simulator.log >&2
    exit 1
fi

status=0
for key in pk_example_0123456789 sk_example_0123456789 none; do
    echo "--- schemathesis, key: ${key%%_*}"
    headers=()
    [[ $key != none ]] && headers=(-H "Authorization: Bearer $key")
    "$venv/bin/schemathesis" --no-color run "$repo/openapi.yaml" --url http://127.0.0.1:18080 "${headers[@]}" \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
        --phases examples,coverage,fuzzing,stateful --max-examples "$examples" --request-timeout 90 \
        --report har --report-har-path "$work/${key%%_*}.har" \
        --generation-with-security-parameters false --generation-database none --seed "${CONTRACT_SEED:-1}" \
        --suppress-health-check all || status=1
done
# The owner token opens one operation, the reload (of the same file: nothing changes).
echo "--- schemathesis, the owner token, reloadConfiguration only"
"$venv/bin/schemathesis" --no-color run "$repo/openapi.yaml" --url http://127.0.0.1:18080 -H "Authorization: Bearer $owner_token" \
    --include-operation-id reloadConfiguration \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$examples" --request-timeout 90 \
    --report har --report-har-path "$work/owner.har" \
    --generation-with-security-parameters false --generation-database none --seed "${CONTRACT_SEED:-1}" \
    --suppress-health-check all || status=1
if ! kill -0 "$server" 2>/dev/null; then
    echo "check-contract: the server stopped during the run" >&2
    tail -50 serve.log >&2
    status=1
fi
echo "--- the statuses reached"
"$venv/bin/python" "$repo/scripts/contract-coverage.py" "$repo/openapi.yaml" "$work"/*.har || status=1
exit $status
