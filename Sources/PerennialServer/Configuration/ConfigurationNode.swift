import Foundation
import Yams

/// A node of the YAML configuration with its key path, so every error names the exact key. Strings may
/// refer to environment variables as `${NAME}`, or `${NAME:-default}` to fall back to a default.
struct ConfigurationNode {
    let node: Node
    let path: String
    let file: String
    let environment: [String: String]

    func error(_ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, key: path, problem: problem, line: node.mark?.line)
    }

    /// The mapping's value for `key`, or nil when absent or null.
    func child(_ key: String) throws -> ConfigurationNode? {
        guard let mapping = node.mapping else { throw error("expected a mapping of keys") }
        guard let value = mapping[key] else { return nil }
        if let scalar = value.scalar, scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
            return nil
        }
        return ConfigurationNode(node: value, path: path.isEmpty ? key : "\(path).\(key)", file: file, environment: environment)
    }

    /// Fails on keys other than `allowed`, so that a misspelt key is not silently ignored.
    func allowKeys(_ allowed: Set<String>) throws {
        guard let mapping = node.mapping else { throw error("expected a mapping of keys") }
        for key in mapping.keys.compactMap(\.string) where !allowed.contains(key) {
            throw ConfigurationError(
                file: file, key: path.isEmpty ? key : "\(path).\(key)",
                problem: "unknown key; expected one of: \(allowed.sorted().joined(separator: ", "))", line: mapping[key]?.mark?.line
            )
        }
    }

    /// The elements of a sequence.
    func elements() throws -> [ConfigurationNode] {
        guard let sequence = node.sequence else { throw error("expected a list") }
        return sequence.enumerated().map { index, element in
            ConfigurationNode(node: element, path: "\(path)[\(index)]", file: file, environment: environment)
        }
    }

    /// The scalar as a string, with `${NAME}` replaced by the environment variable's value.
    func string() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a single value") }
        return try interpolate(scalar.string)
    }

    func integer() throws -> Int {
        guard let value = Int(try string()) else { throw error("expected a whole number") }
        return value
    }

    func strings() throws -> [String] { try elements().map { try $0.string() } }

    func requiredChild(_ key: String) throws -> ConfigurationNode {
        guard let value = try child(key) else {
            throw ConfigurationError(file: file, key: path.isEmpty ? key : "\(path).\(key)", problem: "is required", line: node.mark?.line)
        }
        return value
    }

    private func interpolate(_ text: String) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { throw error("unterminated ${ in value") }
            let reference = String(rest[start.upperBound..<end])
            let parts = reference.split(separator: ":-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let value = environment[parts[0]] ?? (parts.count == 2 ? parts[1] : nil) else {
                throw error("environment variable \(parts[0]) is not set")
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
