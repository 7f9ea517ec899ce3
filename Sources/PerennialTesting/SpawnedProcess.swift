import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, for tests. Not Foundation's `Process`: on Linux its `run()`
/// reads `/proc/self/fd` past the end of a buffer and crashes at random when the test process has many
/// descriptors open (swift-corelibs-foundation pull request 5472, after Swift 6.3.1); CI runs crashed in it.
public final class SpawnedProcess: Sendable {
    public struct SpawnFailure: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    public let processIdentifier: pid_t
    /// The exit status once the process was reaped (128 + the signal when one ended it).
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments` and `environment` (the test's when nil) in `directory`; standard
    /// input from the file `input`, output and errors appended to the files `output` and `errors`.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: String = "/dev/null", output: String = "/dev/null", errors: String = "/dev/null"
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var program = executable
        var programArguments = arguments
        if let directory {
            // The shell changes directory, then becomes the program: portable where posix_spawn cannot chdir.
            program = "/bin/sh"
            programArguments = ["-c", "cd \"$0\" && exec \"$@\"", directory, executable] + arguments
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + programArguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = (environment ?? ProcessInfo.processInfo.environment)
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(code: result) }
        processIdentifier = pid
    }

    /// The exit status, nil while the process runs.
    public var terminationStatus: Int32? {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return nil }
            let signal = raw & 0x7f
            status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
            return status
        }
    }

    public var isRunning: Bool { terminationStatus == nil }

    /// Sends `signal` while the process runs.
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Waits, without holding a thread, until the process ended; its exit status.
    @discardableResult
    public func waitUntilExit() async -> Int32 {
        while true {
            if let status = terminationStatus { return status }
            if Task.isCancelled { usleep(10_000) } else { try? await Task.sleep(for: .milliseconds(10)) }
        }
    }
}
