# Sourced by the import checks (check-import.sh, check-revenuecat-import.sh) and the browser checks.

# example_config PREFIX DATABASE: the worked example's configuration (examples/perennial.yaml) on stdout, with
# Perennial on port PREFIX80, its RevenueCat listener on PREFIX81, the simulator on PREFIX90 and the database
# sqlite://DATABASE, so a check runs beside the worked example without touching its ports or files.
example_config() {
  local prefix=$1 database=$2
  sed -e "s/127.0.0.1:8090/127.0.0.1:${prefix}90/g" -e "s/127.0.0.1:8080/127.0.0.1:${prefix}80/g" \
      -e "s/^  port: 8080/  port: ${prefix}80/" -e "s/^    port: 8081/    port: ${prefix}81/" \
      -e "s|sqlite://perennial.sqlite|sqlite://${database}|" "$repo/examples/perennial.yaml"
}

# kill_import_midway PROGRESS TOTAL LOG COMMAND…: runs COMMAND (a `perennial
# import`) in the background with its output in LOG, kills it with SIGKILL once PROGRESS (its FILE.progress)
# counts a third of TOTAL customers done, and sets KILLED_AT to the customers done then. Fails when the import
# ended before it could be killed, or when nothing was left to resume.
kill_import_midway() {
  local progress=$1 total=$2 log=$3
  shift 3
  "$@" > "$log" 2>&1 &
  local import=$!
  done_customers() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["customers_done"])' "$progress" 2>/dev/null || echo 0; }
  while kill -0 "$import" 2>/dev/null && (( $(done_customers) < total / 3 )); do sleep 0.2; done
  kill -9 "$import" 2>/dev/null || { echo "the import ended before it could be killed" >&2; cat "$log" >&2; return 1; }
  wait "$import" 2>/dev/null || true
  KILLED_AT=$(done_customers)
  if (( KILLED_AT >= total )); then echo "the import finished before the kill: nothing was left to resume" >&2; return 1; fi
}
