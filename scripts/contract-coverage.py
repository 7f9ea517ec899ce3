#!/usr/bin/env python3
"""Which documented statuses a schemathesis run reached: reads the run's HAR files and openapi.yaml, and
fails when an operation documents a status that no request reached and the document does not say why
(`x-unreached` on the operation, `{status: reason}`, or the document's `x-unreached-statuses` for a
status whatever the operation). A status reached although its operation marks it unreachable is reported, not failed: the
generator is random. Usage: contract-coverage.py openapi.yaml run.har [run.har …]"""
import json
import re
import sys

import yaml

METHODS = {"get", "put", "post", "delete", "patch"}


def operations(document):
    """(method, path template, compiled matcher, documented statuses, reasons, the operation's own reasons)
    for every operation."""
    defaults = document.get("x-unreached-statuses", {})
    for path, item in document["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"
        for method, operation in item.items():
            if method not in METHODS:
                continue
            own = {str(k): v for k, v in operation.get("x-unreached", {}).items()}
            reasons = {str(k): v for k, v in defaults.items()} | own
            yield method.upper(), path, re.compile(pattern), {str(s) for s in operation["responses"]}, reasons, own


def main(arguments):
    document = yaml.safe_load(open(arguments[0], encoding="utf-8"))
    known = list(operations(document))
    reached = {}
    for har in arguments[1:]:
        for entry in json.load(open(har, encoding="utf-8"))["log"]["entries"]:
            method = entry["request"]["method"]
            path = re.sub(r"^https?://[^/]+", "", entry["request"]["url"]).split("?")[0]
            for known_method, template, matcher, *_ in known:
                if known_method == method and matcher.match(path):
                    reached.setdefault((method, template), set()).add(str(entry["response"]["status"]))
                    break
    unexplained, surprises, counts = [], [], [0, 0, 0]
    for method, template, _, documented, reasons, own in known:
        seen = reached.get((method, template), set())
        for status in sorted(documented):
            if status in seen:
                counts[0] += 1
                if status in own:
                    surprises.append(f"{method} {template} {status}")
            elif status in reasons:
                counts[1] += 1
            else:
                counts[2] += 1
                unexplained.append(f"{method} {template} {status}")
    print(f"contract coverage: {counts[0]} documented statuses reached, {counts[1]} not reached for a stated reason, "
          f"{counts[2]} not reached with none")
    for line in surprises:
        print(f"  reached although marked unreachable: {line}")
    for line in unexplained:
        print(f"  not reached, and no reason given (x-unreached): {line}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
