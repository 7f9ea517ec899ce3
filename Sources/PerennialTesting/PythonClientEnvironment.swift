import Foundation
import Testing

/// A virtualenv holding one store's official Python client library, made once per machine in the temporary
/// folder and reused by later runs. When Python or the package index is not there, the test that needs it is
/// skipped, naming why.
public struct PythonClientEnvironment: Sendable {
    /// The requirement pip installs, with its exact version.
    public var requirement: String

    public init(requirement: String) {
        self.requirement = requirement
    }

    /// The folder of the virtualenv for `requirement`.
    public var folder: URL {
        let name = requirement.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" }
        return FileManager.default.temporaryDirectory.appendingPathComponent("perennial-venv-" + String(name))
    }

    /// The virtualenv's Python, installing the library first if needed; cancels the running test with the
    /// reason when it cannot.
    public func python() async throws -> URL {
        let python = folder.appendingPathComponent("bin/python")
        let ready = folder.appendingPathComponent("perennial-ready")
        if FileManager.default.fileExists(atPath: ready.path) { return python }
        try? FileManager.default.removeItem(at: folder)
        let made = try await ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-m", "venv", folder.path]
        ).run()
        guard made.status == 0 else {
            try Test.cancel("python3 -m venv failed, so \(requirement) cannot be tried: \(made.errorText)")
        }
        let installed = try await ChildProcess(
            executable: folder.appendingPathComponent("bin/pip"),
            arguments: ["install", "--quiet", "--disable-pip-version-check", requirement]
        ).run()
        guard installed.status == 0 else {
            try Test.cancel("pip could not install \(requirement) (no package index here?): \(installed.errorText)")
        }
        _ = FileManager.default.createFile(atPath: ready.path, contents: Data())
        return python
    }
}
