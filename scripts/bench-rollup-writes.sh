#!/usr/bin/env bash
# What the stocks' period sums (migration 26) add to a write on PostgreSQL: pgbench runs a fold's rollup
# statement — 12 measures (3 of them stocks) on two days, a product and a shard drawn at random — as the
# daily rows alone and as the daily rows plus the stocks' period rows in one statement (what
# `SQLLedgerSession.sendDeferredWrites` sends), rounds alternated, and prints each round's transactions a
# second (the two days' cells summed by period first, as the ledger does). Needs a database migrated to version 26 (e.g. the benchmarks' `perennial_bench`); it writes under
# the app id `rollup-writes-bench` and deletes those rows at the end.
#   scripts/bench-rollup-writes.sh [POSTGRES_URL] [ROUNDS] [SECONDS]
set -euo pipefail
url=${1:-postgres://perennial:perennial@127.0.0.1:5432/perennial_bench}
rounds=${2:-3}
seconds=${3:-10}
pgbench=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench | tail -1)
work=$(mktemp -d)
trap 'psql -q "$url" -c "DELETE FROM metric_rollups WHERE app_id = '"'"'rollup-writes-bench'"'"'; DELETE FROM metric_rollup_periods WHERE app_id = '"'"'rollup-writes-bench'"'"'" >/dev/null; rm -rf "$work"' EXIT

measures="ARRAY['active.paid','active.total','mrr.USD','revenue.price.USD','revenue.proceeds.USD','revenue.sales','revenue_lines.USD','renewals','mrr_movement.new.USD','cohort.a','cohort.b','cohort.c']"
stocks="ARRAY['active.paid','active.total','mrr.USD']"
header='\set day random(20400, 20430)
\set shard random(0, 7)
\set product random(1, 3)'
daily="INSERT INTO metric_rollups (app_id, measure, day, environment, store, product_id, country, shard, value)
SELECT 'rollup-writes-bench', m, d, 'production', 'app_store', 'p' || :product, 'US', :shard, 1
FROM unnest($measures) AS m, unnest(ARRAY[:day, :day + 30]::bigint[]) AS d
ON CONFLICT (app_id, measure, day, environment, store, product_id, country, shard) DO UPDATE SET value = metric_rollups.value + excluded.value"
periods="INSERT INTO metric_rollup_periods (app_id, measure, day, environment, store, product_id, country, shard, value)
SELECT 'rollup-writes-bench', m, d - ((d % 32) + 32) % 32 AS period, 'production', 'app_store', 'p' || :product, 'US', :shard, COUNT(*)
FROM unnest($stocks) AS m, unnest(ARRAY[:day, :day + 30]::bigint[]) AS d GROUP BY m, period
ON CONFLICT (app_id, measure, day, environment, store, product_id, country, shard) DO UPDATE SET value = metric_rollup_periods.value + excluded.value"
printf '%s\n%s;\n' "$header" "$daily" >"$work/daily.sql"
printf '%s\nWITH daily AS (%s)\n%s;\n' "$header" "$daily" "$periods" >"$work/periods.sql"

for round in $(seq "$rounds"); do
    for script in daily periods; do
        tps=$("$pgbench" -n -M "${PROTOCOL:-extended}" -c "${CLIENTS:-2}" -T "$seconds" -f "$work/$script.sql" "$url" 2>&1 | awk '/^tps/ { print $3 }')
        echo "round $round $script: $tps transactions/s"
    done
done
