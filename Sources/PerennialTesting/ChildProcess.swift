import Foundation
import Synchronization

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

    /// Serializes `Process.run()` across the test process: Foundation's launch on Linux is not safe to run
    /// from several threads at once (a test run crashed in it while two suites started servers).
    private static let launches = Mutex(())

    /// Starts `process`, one launch at a time in this process; every test that starts a program goes through it.
    public static func launch(_ process: Process) throws {
        try launches.withLock { _ in try process.run() }
    }

    /// Runs the program with `input` on its standard input.

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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                // One launch at a time: Foundation's Process crashed in `run()` when tests launched children
                // at once (a bad pointer dereference, seen in CI with two Python clients starting together).
                try Self.launch(process)
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Outcome(status: status, output: try Data(contentsOf: outputFile), errors: try Data(contentsOf: errorFile))
    }
}
