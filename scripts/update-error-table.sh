#!/usr/bin/env bash
# Rewrites README.md's table of error codes from every code the server knows, the store-neutral ones then each store's (`perennial error-codes`), between
# the markers `<!-- error codes: … -->` and `<!-- end of error codes -->`. ErrorCodeTableTests fails until
# the README holds what this writes.
# Usage: scripts/update-error-table.sh [path to a built perennial executable]
set -euo pipefail
cd "$(dirname "$0")/.."
perennial=${1:-.build/debug/perennial}
table=$("$perennial" error-codes)
TABLE="$table" python3 - <<'PY'
import os, re
path = "README.md"
text = open(path, encoding="utf-8").read()
pattern = re.compile(r"(<!-- error codes:[^\n]*-->\n).*?(<!-- end of error codes -->)", re.S)
if not pattern.search(text):
    raise SystemExit("README.md has no error-code markers")
text = pattern.sub(lambda m: m.group(1) + os.environ["TABLE"] + "\n" + m.group(2), text)
open(path, "w", encoding="utf-8").write(text)
PY
