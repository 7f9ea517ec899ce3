# Sourced by the import checks. kill_import_midway PROGRESS TOTAL LOG COMMAND…: runs COMMAND (a `perennial
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
