import Foundation
import Logging

/// What the servers, databases and jobs the tests start may log: nothing, unless `PERENNIAL_TEST_LOG` names
/// a level (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`), then that level and above on
/// standard error. The tests provoke refusals, outages and migrations on purpose, and their logs would bury
/// the results.
///
/// The one place that decides: `bootstrap()` makes it the test process's logging system (once; the test
/// harnesses call it before they start anything), so loggers made inside the libraries follow it too. A
/// library may still set its own logger's level (Hummingbird reads `LOG_LEVEL`).
public enum TestLogging {
    /// The level asked for, or nil for silence.
    public static let level: Logger.Level? = ProcessInfo.processInfo.environment["PERENNIAL_TEST_LOG"].flatMap {
        Logger.Level(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased())
    }

    private static let bootstrapped: Void = LoggingSystem.bootstrap { handler($0) }

    /// Makes `TestLogging` the logging system of the test process; the first call does it, later ones nothing.
    public static func bootstrap() {
        _ = bootstrapped
    }

    /// A logger for something a test starts.
    public static func logger(_ label: String) -> Logger {
        bootstrap()
        return Logger(label: label)
    }

    private static func handler(_ label: String) -> any LogHandler {
        guard let level else { return SwiftLogNoOpLogHandler() }
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}
