import ArgumentParser
import Foundation
import Logging
import PerennialServer
import PerennialServices

/// `perennial doctor`: checks each configured app against its stores and prints every problem with how to
/// fix it; exits 1 when anything is wrong.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check each app's set-up with its stores; print what is wrong and how to fix it (exit 1 if anything is)."
    )

    @OptionGroup var options: ServerOptions
    @Flag(help: "Print JSON: {\"ok\", \"apps\": [{\"app\", \"problems\": [{\"store\", \"code\", \"problem\", \"fix\"}]}]}.")
    var json = false

    func run() async throws {
        var logger = Logger(label: "perennial")
        logger.logLevel = .critical
        let problems = try await PerennialServer.doctor(options.overrides, logger: logger)
        let apps = problems.keys.sorted()
        let ok = problems.values.allSatisfy(\.isEmpty)
        if json {
            let body: [String: Any] = [
                "ok": ok,
                "apps": apps.map { app in
                    ["app": app, "problems": problems[app, default: []].map { problem in
                        ["store": problem.store?.rawValue ?? NSNull(), "code": problem.code, "problem": problem.message,
                         "fix": problem.fix ?? NSNull()] as [String: Any]
                    }] as [String: Any]
                },
            ]
            let data = try JSONSerialization.data(withJSONObject: body, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else {
            if apps.isEmpty { print("no apps configured: write perennial.yaml (see README) or pass --config") }
            for app in apps {
                let list = problems[app, default: []]
                print(list.isEmpty ? "\(app): ok" : "\(app): \(list.count) problem(s)")
                for problem in list {
                    print("  ✗ [\(problem.store?.rawValue ?? "perennial")] \(problem.code): \(problem.message)")
                    if let fix = problem.fix { print("    fix: \(fix)") }
                }
            }
        }
        if !ok { throw ExitCode.failure }
    }
}
