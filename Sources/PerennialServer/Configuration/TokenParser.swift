import Foundation
import PerennialStoreModule

/// Reads the bearer tokens of the configuration (the metrics scraper's, the owner's): from a file a key
/// names (`…token_file`, its surrounding whitespace ignored) or from an environment variable, refusing one
/// too short to keep anyone out.
enum TokenParser {
    /// The token in the file `node` names.
    static func file(_ node: ConfigurationNode, minimumLength: Int, what: String) throws -> String {
        let path = try node.string()
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw node.error("cannot read \(path)")
        }
        return try checked(text.trimmingCharacters(in: .whitespacesAndNewlines), minimumLength: minimumLength, what: what) { node.error($0) }
    }

    /// The token from the environment variable `variable`, if it is set.
    static func environment(_ variable: String, in environment: [String: String], minimumLength: Int, what: String) throws -> String? {
        guard let token = environment[variable] else { return nil }
        return try checked(token, minimumLength: minimumLength, what: what) {
            ConfigurationError(file: "environment", key: variable, problem: $0)
        }
    }

    private static func checked(
        _ token: String, minimumLength: Int, what: String, refuse: (String) -> ConfigurationError
    ) throws -> String {
        guard token.count >= minimumLength else { throw refuse("the \(what) must be at least \(minimumLength) characters") }
        return token
    }
}
