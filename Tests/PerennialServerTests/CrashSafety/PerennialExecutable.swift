import Foundation

/// Finds the `perennial` executable SwiftPM built beside the test bundle (`swift build --build-tests` and
/// `swift test` both build it into the same folder as `PerennialPackageTests.xctest`).
enum PerennialExecutable {
    /// The executable's URL, or nil when no candidate folder holds it.
    static func locate() -> URL? {
        candidateFolders().lazy.map { $0.appendingPathComponent("perennial") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// The folders searched, for the failure message.
    static func candidateFolders() -> [URL] {
        var folders: [URL] = []
        // Linux: the test runner is an executable in the build folder; macOS: an .xctest bundle in it.
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
