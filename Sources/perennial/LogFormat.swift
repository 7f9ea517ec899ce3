import ArgumentParser
import Foundation

/// How `perennial serve` writes its log: swift-log's text lines, or one JSON object per line.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json

    /// `PERENNIAL_LOG_FORMAT`, or text when it is not set.
    static func fromEnvironment() throws -> LogFormat {
        guard let value = ProcessInfo.processInfo.environment["PERENNIAL_LOG_FORMAT"] else { return .text }
        guard let format = LogFormat(rawValue: value) else {
            throw ValidationError("PERENNIAL_LOG_FORMAT must be text or json, not \(value)")
        }
        return format
    }
}
