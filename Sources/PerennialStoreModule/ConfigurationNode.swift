import Foundation
import Yams

/// A node of the YAML configuration with its key path, so every error names the exact key. Strings may
/// refer to environment variables as `${NAME}`, or `${NAME:-default}` to fall back to a default.
public struct ConfigurationNode {
    /// The YAML node.
    public let node: Node
    /// Its key path from the file's root (`apps[0].revenue`), empty at the root.
    public let path: String
    /// The file it was read from, for errors.
    public let file: String
    /// The environment `${NAME}` is read from.
    public let environment: [String: String]

    public init(node: Node, path: String, file: String, environment: [String: String]) {
        self.node = node
        self.path = path
        self.file = file
        self.environment = environment
    }

    /// An error about this node, naming its key and line.
    public func error(_ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, key: path, problem: problem, line: node.mark?.line)
    }

    /// The mapping's value for `key`, or nil when absent or null.
    public func child(_ key: String) throws -> ConfigurationNode? {
        guard let mapping = node.mapping else { throw error("expected a mapping of keys") }
        guard let value = mapping[key] else { return nil }
        if let scalar = value.scalar, scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
            return nil
        }
        return ConfigurationNode(node: value, path: path.isEmpty ? key : "\(path).\(key)", file: file, environment: environment)
    }

    /// Fails on keys other than `allowed`, so that a misspelt key is not silently ignored.
    public func allowKeys(_ allowed: Set<String>) throws {
        guard let mapping = node.mapping else { throw error("expected a mapping of keys") }
        for key in mapping.keys.compactMap(\.string) where !allowed.contains(key) {
            throw ConfigurationError(
                file: file, key: path.isEmpty ? key : "\(path).\(key)",
                problem: "unknown key; expected one of: \(allowed.sorted().joined(separator: ", "))", line: mapping[key]?.mark?.line
            )
        }
    }

    /// The elements of a sequence.
    public func elements() throws -> [ConfigurationNode] {
        guard let sequence = node.sequence else { throw error("expected a list") }
        return sequence.enumerated().map { index, element in
            ConfigurationNode(node: element, path: "\(path)[\(index)]", file: file, environment: environment)
        }
    }

    /// The scalar as a string, with `${NAME}` replaced by the environment variable's value.
    public func string() throws -> String {
        guard let scalar = node.scalar else { throw error("expected a single value") }
        return try interpolate(scalar.string)
    }

    /// The scalar as a whole number.
    public func integer() throws -> Int {
        guard let value = Int(try string()) else { throw error("expected a whole number") }
        return value
    }

    /// The elements of a list of scalars, as strings.
    public func strings() throws -> [String] { try elements().map { try $0.string() } }

    /// The mapping's value for `key`; an error naming the key when it is absent.
    public func requiredChild(_ key: String) throws -> ConfigurationNode {
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
