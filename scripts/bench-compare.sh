#!/usr/bin/env bash
# Measures Perennial (`perennial-bench`, release build), Apple's App Store Server Library for Python (in a
# throwaway virtualenv) on the same vectors, and `openssl speed ecdsap256` on one core, in one run on this
# machine, and prints the figures and the ratios the targets are stated in (BENCHMARKS.md). The single-core
# figures are taken in `--cpu-rounds` alternating rounds of a second or so each (Perennial, Apple's library,
# openssl), and each is the median of its rounds; the HTTP figures are the median of `--rounds` rounds.
#
# Usage: scripts/bench-compare.sh [--seconds N] [--rounds N] [--cpu-rounds N] [--customers N] [--hot-customers N]
#                                 [--time-limit SECONDS] [--postgres-url URL | --no-postgres]
#                                 [-- extra arguments for perennial-bench]
# Each perennial-bench run gets --time-limit seconds (default 3600; seeding 100,000 customers the first time
# is most of it): one that runs past it is stopped and named, the others go on, and the script exits 1.
# Environment: PERENNIAL_SCRATCH_PATH (release build folder, default .build), PERENNIAL_FIXTURES (default
# Tests/Fixtures in the repository), BENCH_OUT (where the raw JSON lines go, default a new /tmp folder).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=10
rounds=5
cpu_rounds=9
customers=100000
hot_customers=1000
time_limit=3600
postgres_url="postgres://perennial:perennial@127.0.0.1:5432/perennial_bench"
use_postgres=1
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seconds) seconds=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --cpu-rounds) cpu_rounds=$2; shift 2 ;;
        --customers) customers=$2; shift 2 ;;
        --hot-customers) hot_customers=$2; shift 2 ;;
        --time-limit) time_limit=$2; shift 2 ;;
        --postgres-url) postgres_url=$2; shift 2 ;;
        --no-postgres) use_postgres=0; shift ;;
        --) shift; extra=("$@"); break ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
scratch=${PERENNIAL_SCRATCH_PATH:-$repo/.build}
fixtures=${PERENNIAL_FIXTURES:-$repo/Tests/Fixtures}
out=${BENCH_OUT:-$(mktemp -d /tmp/perennial-bench-results.XXXXXX)}
mkdir -p "$out"
[[ -f $fixtures/conformance/vectors.json ]] || { echo "no vectors at $fixtures (set PERENNIAL_FIXTURES)" >&2; exit 1; }

echo "== machine" >&2
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') x $(nproc)"
    echo "memory: $(awk '/MemTotal/ {printf "%.1f GB", $2/1048576}' /proc/meminfo)"
    echo "kernel: $(uname -sr)"
    echo "swift: $(swift --version 2>&1 | head -1)"
    echo "openssl: $(openssl version)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/machine.txt" >&2

echo "== building perennial-bench (release)" >&2
(cd "$repo" && nice -n 10 swift build -c release --product perennial-bench --scratch-path "$scratch" >&2)
bench=$scratch/release/perennial-bench

if [[ $use_postgres == 1 ]]; then
    # The benchmark's own database, created when missing (needs a local postgres superuser via su).
    database=${postgres_url##*/}
    owner=$(echo "$postgres_url" | sed -E 's#^postgres(ql)?://([^:@/]+).*#\2#')
    if command -v psql > /dev/null && [[ $(id -u) == 0 ]]; then
        if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"" | grep -q 1; then
            su postgres -c "createdb -O '$owner' '$database'" >&2 || true
        fi
    fi
    if ! psql "$postgres_url" -tAc 'SELECT 1' > /dev/null 2>&1; then
        echo "PostgreSQL at $postgres_url is not reachable: skipping it" >&2
        use_postgres=0
    fi
fi
postgres_args=(--postgres-url "$postgres_url")
[[ $use_postgres == 1 ]] || postgres_args=(--no-postgres)

# PostgreSQL's benchmark database starts every group from one seeded copy, as SQLite's does (perennial-bench
# restores its file from `bench-N.sqlite.seeded`): the notifications each run stores would otherwise stay,
# and the database had grown to 6.9 GB against SQLite's 0.6 GB, its indexes out of memory. The copy is the
# template database `<database>_seeded`, taken once a group has seeded the customers (needs su postgres;
# without it the database is used as it is).
postgres_template() { echo "${database}_seeded"; }
postgres_admin() { [[ $use_postgres == 1 && $(id -u) == 0 ]] && command -v psql > /dev/null; }
postgres_has_template() {
    su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = '$(postgres_template)'\"" | grep -q 1
}
restore_postgres() {
    postgres_admin && postgres_has_template || return 0
    su postgres -c "dropdb --if-exists '$database' && createdb -O '$owner' -T '$(postgres_template)' '$database'" >&2
}
keep_postgres_seed() {
    postgres_admin && ! postgres_has_template || return 0
    psql "$postgres_url" -tAc "SELECT 1 FROM customers WHERE app_user_id = 'bench-seeded-$customers-with-events'" 2> /dev/null \
        | grep -q 1 || return 0
    su postgres -c "createdb -O '$owner' -T '$database' '$(postgres_template)'" >&2
}

echo "== Apple's App Store Server Library (Python): throwaway virtualenv" >&2
venv=$(mktemp -d /tmp/perennial-bench-venv.XXXXXX)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check app-store-server-library
"$venv/bin/pip" list --format=freeze 2>/dev/null | grep -Ei '^(app-store-server-library|pyjwt|cryptography)=' >> "$out/machine.txt" || true

# The single-core comparisons (jws-verify, offer-sign and receipt-fold against Apple's library, json.loads and
# openssl) run in rounds, each side a few seconds after the other on the same core, so that a slowdown of the
# host (its other tenants), which comes and goes within seconds here, falls on both sides of a ratio;
# bench-table.py takes each figure's median round.
round_seconds=$(( seconds / cpu_rounds > 0 ? seconds / cpu_rounds : 1 ))
: > "$out/perennial.jsonl"; : > "$out/reference.jsonl"; : > "$out/openssl.jsonl"; : > "$out/openssl.txt"
for round in $(seq 1 "$cpu_rounds"); do
    echo "== single-core round $round of $cpu_rounds: perennial-bench, Apple's library, openssl speed ecdsap256" >&2
    taskset -c 1 "$bench" jws-verify offer-sign receipt-fold --json --seconds "$round_seconds" --rounds 1 \
        --fixtures "$fixtures" | tee -a "$out/perennial.jsonl"
    taskset -c 1 "$venv/bin/python" "$repo/scripts/bench-reference.py" "$fixtures" "$round_seconds" 1 \
        | tee -a "$out/reference.jsonl"
    taskset -c 1 openssl speed -seconds "$round_seconds" ecdsap256 2> /dev/null > "$out/openssl-round.txt"
    cat "$out/openssl-round.txt" >> "$out/openssl.txt"
    awk '/nistp256/ { printf "{\"name\": \"openssl-ecdsap256-sign\", \"ops_per_sec\": %s, \"p50_ms\": null, \"p99_ms\": null}\n{\"name\": \"openssl-ecdsap256-verify\", \"ops_per_sec\": %s, \"p50_ms\": null, \"p99_ms\": null}\n", $(NF-1), $NF }' \
        "$out/openssl-round.txt" | tee -a "$out/openssl.jsonl"
done
rm -f "$out/openssl-round.txt"

# Each group of benchmarks in a run of its own, under the time limit, so that one that never ends is named
# and the rest are still measured (hello-http alternates its rounds with entitlements-http's: one run).
exceeded=()
for group in "engine-replay" "hello-http entitlements-http" "notifications-http" "ledger-replay"; do
    echo "== perennial-bench: $group (at most ${time_limit} s)" >&2
    restore_postgres
    status=0
    # shellcheck disable=SC2086 # the group is a list of names
    (cd "$repo" && timeout --kill-after=30 "$time_limit" "$bench" $group --json \
        --seconds "$seconds" --rounds "$rounds" --customers "$customers" --hot-customers "$hot_customers" \
        --fixtures "$fixtures" "${postgres_args[@]}" \
        "${extra[@]}") | tee -a "$out/perennial.jsonl" || status=$?
    if [[ $status == 124 || $status == 137 ]]; then
        echo "perennial-bench $group ran past its time limit of ${time_limit} s and was stopped" >&2
        exceeded+=("$group")
    elif [[ $status != 0 ]]; then
        echo "perennial-bench $group failed (exit $status)" >&2
        exceeded+=("$group (exit $status)")
    fi
    keep_postgres_seed
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/machine.txt" >&2

echo "== figures and ratios (raw lines in $out)" >&2
table_status=0
python3 "$repo/scripts/bench-table.py" "$out" || table_status=$?
if [[ ${#exceeded[@]} -gt 0 ]]; then
    printf 'not measured: %s\n' "${exceeded[@]}" >&2
    exit 1
fi
exit "$table_status"
