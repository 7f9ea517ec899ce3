import Foundation

/// A program run to its end, waited for without holding a thread of Swift's cooperative pool; its output
/// goes to files, so a chatty program cannot fill a pipe and stall.
public struct ChildProcess: Sendable {
    /// The exit status and what the program wrote.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: Data

        /// The error output as text, for a failure message.
        public var errorText: String { String(decoding: errors.suffix(4_000), as: UTF8.self) }
    }

    public var executable: URL
    public var arguments: [String]

    public init(executable: URL, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Runs the program with `input` on its standard input (`SpawnedProcess`, not Foundation's `Process`).
    public func run(input: Data = Data()) async throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try input.write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = try SpawnedProcess(
            executable: executable.path, arguments: arguments, input: inputFile.path, output: outputFile.path, errors: errorFile.path)
        let status = await process.waitUntilExit()
        return Outcome(status: status, output: try Data(contentsOf: outputFile), errors: try Data(contentsOf: errorFile))
    }
}
