/// A configuration file Perennial cannot start with: which file, which key, and what is wrong.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// The key's path, e.g. `apps[0].apple.shared_secret`.
    public var key: String
    public var problem: String
    /// The line in the file, when known.
    public var line: Int?

    public init(file: String, key: String, problem: String, line: Int? = nil) {
        self.file = file
        self.key = key
        self.problem = problem
        self.line = line
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(key.isEmpty ? "(top level)" : key): \(problem)"
    }
}
