#!/usr/bin/env bash
# Runs README.md's shell blocks as a reader pastes them: every ```sh block, in order, in one fresh bash, from
# the repository root, against the built `perennial`. A block is skipped only when the line before its fence
# is `<!-- not run by scripts/check-readme.sh: <why> -->`. Each `curl` must get a 2xx (the check adds
# --fail-with-body); the whole run must finish within READMECHECK_SECONDS (default 300).
#
# Environment: PERENNIAL_SCRATCH_PATH, a build folder to build in instead of .build (CI's): the blocks' `swift`
# commands get `--scratch-path` and `.build/debug` points into it. (A .build that is itself a link to another
# build folder does not work: the compiler then sees every module twice.)
# It writes the files the README's commands write (perennial.sqlite, perennial.key, simulator-root.der, the
# simulator's state folder: all ignored by git), so run it in a clone you do not mind them in.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
scratch=${PERENNIAL_SCRATCH_PATH:-}
if [[ -n $scratch ]]; then
    if [[ -e .build && ! -L .build/debug ]]; then
        echo "check-readme: .build exists; unset PERENNIAL_SCRATCH_PATH to build in it" >&2
        exit 1
    fi
    mkdir -p .build
    ln -sfn "$scratch/debug" .build/debug
fi
for port in 8070 8080 8081 8090; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "check-readme: port $port is in use; the README's servers need it" >&2
        exit 1
    fi
done
rm -rf perennial.sqlite perennial.sqlite-* perennial.key simulator-root.der simulator-play-key.json simulator-paypal-root.pem \
    perennial-simulator

script=$(mktemp /tmp/perennial-readme.XXXXXX.sh)
{
    echo 'set -euo pipefail'
    # Every curl must get a 2xx, unless the block already says how to fail (-f in its wait loops).
    echo 'curl() { local a; for a in "$@"; do [[ $a == -[!-]*f* || $a == --fail* ]] && { command curl --max-time 30 "$@"; return; }; done; command curl --fail-with-body --max-time 30 "$@"; }'
    if [[ -n $scratch ]]; then
        printf 'swift() { local command=$1; shift; command swift "$command" --scratch-path %q "$@"; }\n' "$scratch"
    fi
    # The blocks' own servers, if any still run (a block that stopped its own leaves none: not an error).
    echo 'trap '\''kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true'\'' EXIT'
    awk '
        /^<!-- not run by scripts\/check-readme.sh:/ { skip = 1; next }
        /^```sh[[:space:]]*$/ && !inside { inside = 1; block += 1; if (!skip) printf "echo \"--- README block %d (line %d)\"\n", block, NR; next }
        /^```/ && inside { inside = 0; skip = 0; next }
        inside && !skip { print }
        !inside && !/^[[:space:]]*$/ { skip = 0 }
    ' README.md
} >"$script"
blocks=$(grep -c '^echo "--- README block' "$script" || true)
echo "check-readme: running $blocks blocks from README.md"
timeout "${READMECHECK_SECONDS:-300}" bash "$script"
echo "check-readme: every block ran"
