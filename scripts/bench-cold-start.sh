#!/usr/bin/env bash
# Measures the cold start of `perennial serve` on SQLite: from the exec to the first 200 on /health, polled
# every 2 ms, over N starts (default 10) on a database that exists (the first start, which creates it,
# reported apart). Uses the release binary (PERENNIAL_BIN, default .build/release/perennial) and port 18181.
# Prints each start in milliseconds and their median.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${PERENNIAL_BIN:-$repo/.build/release/perennial}
runs=${1:-10}
port=18181
[[ -x $bin ]] || { echo "no perennial at $bin (swift build -c release --product perennial, or set PERENNIAL_BIN)" >&2; exit 1; }
work=$(mktemp -d /tmp/perennial-cold-start.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf 'server:\n  host: 127.0.0.1\n  port: %s\n  database: sqlite://%s/cold.sqlite\napps: []\n' "$port" "$work" > perennial.yaml
export PERENNIAL_MASTER_KEY=$(printf '42%.0s' $(seq 32))

start_once() {
    local begin end pid
    begin=$(date +%s%N)
    "$bin" serve --config perennial.yaml > /dev/null 2>&1 &
    pid=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$port/health"; do
        kill -0 "$pid" 2> /dev/null || { echo "perennial exited" >&2; exit 1; }
        sleep 0.002
    done
    end=$(date +%s%N)
    kill "$pid"; wait "$pid" 2> /dev/null || true
    echo $(( (end - begin) / 1000000 ))
}

echo "first start (creates the database): $(start_once) ms"
times=()
for _ in $(seq "$runs"); do times+=("$(start_once)"); done
echo "starts on the existing database (ms): ${times[*]}"
printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "median: %d ms\n", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
