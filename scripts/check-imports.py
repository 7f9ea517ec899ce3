#!/usr/bin/env python3
"""Checks the layout the architecture relies on, from Package.swift and the sources themselves:

1. Every target imports only modules it declares: its target dependencies and product dependencies (a
   product's module has the product's name), plus the toolchain's own modules. A module reached only
   through another dependency breaks when that dependency changes, and hides what a target really uses.
2. The store-neutral targets (PerennialCore, PerennialServices, PerennialStorage, PerennialHTTP,
   PerennialStoreModule, PerennialDashboard) import no other target of the package but each other and NEUTRAL_SUPPORT_TARGETS:
   so no store's, and a new store is a module of its own that needs neither them nor this script to change.

Usage: scripts/check-imports.py [--scratch-path PATH]   (reads `swift package dump-package`)
Exits 1 listing every violation, file and line.
"""

import json
import os
import re
import subprocess
import sys

TOOLCHAIN_MODULES = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Musl", "Darwin",
    "Synchronization", "Testing", "XCTest", "Observation", "_Concurrency", "os",
    # Apple's SDK frameworks, imported by PerennialClient under `#if canImport(…)` only.
    "StoreKit", "Security", "SwiftUI", "UIKit",
}
# A product whose targets import modules the product does not name: the module is part of what declaring
# the product brings. Each entry says why it is allowed.
MODULES_OF_PRODUCT = {
    # sqlite-nio's C SQLite library, which SQLiteNIO's product is built on and does not list as a product
    # of its own; PerennialStorage calls it for the read path (SQLiteStatementConnection).
    "SQLiteNIO": {"SQLiteNIO", "VaporCSQLite"},
}
STORE_NEUTRAL_TARGETS = {"PerennialCore", "PerennialServices", "PerennialStorage", "PerennialHTTP", "PerennialStoreModule", "PerennialDashboard"}
# Package targets that name no store either, which store-neutral targets may use. Every other target of the
# package is a store's (or the server, which lists the stores), so a new store needs no line here.
NEUTRAL_SUPPORT_TARGETS = {"PerennialOutbound", "CZlib"}
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def package(scratch_path):
    command = ["swift", "package", "dump-package"]
    if scratch_path:
        command += ["--scratch-path", scratch_path]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def target_folder(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def declared_modules(target):
    modules = set(TOOLCHAIN_MODULES) | {target["name"].replace("-", "_")}
    for dependency in target["dependencies"]:
        if "byName" in dependency:
            modules.add(dependency["byName"][0])
        elif "target" in dependency:
            modules.add(dependency["target"][0])
        elif "product" in dependency:
            name = dependency["product"][0]
            modules |= MODULES_OF_PRODUCT.get(name, {name})
    return modules


def imports(folder):
    for root, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(root, file)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = IMPORT.match(line)
                    if match:
                        yield path, number, match.group(1)


def main():
    scratch_path = None
    if len(sys.argv) == 3 and sys.argv[1] == "--scratch-path":
        scratch_path = sys.argv[2]
    manifest = package(scratch_path)
    problems = []
    package_targets = {target["name"] for target in manifest["targets"]}
    store_side = package_targets - STORE_NEUTRAL_TARGETS - NEUTRAL_SUPPORT_TARGETS
    for target in manifest["targets"]:
        allowed = declared_modules(target)
        for path, line, module in imports(target_folder(target)):
            if module not in allowed:
                problems.append(f"{path}:{line}: {target['name']} imports {module} without declaring it in Package.swift")
            if target["name"] in STORE_NEUTRAL_TARGETS and module in store_side:
                problems.append(f"{path}:{line}: {target['name']} is store-neutral and must not import {module}, which is not")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-imports: {len(manifest['targets'])} targets import only what they declare; store-neutral targets import no store")


if __name__ == "__main__":
    main()
