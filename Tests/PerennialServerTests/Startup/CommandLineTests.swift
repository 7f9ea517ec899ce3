import Foundation
import PerennialServer
import PerennialTesting
import Testing

/// The `perennial` executable as a person runs it: small promises of its command line.
@Suite("perennial's command line")
struct CommandLineTests {
    func run(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        let executable = try #require(
            PerennialExecutable.locate(),
            "the perennial executable is not in \(PerennialExecutable.candidateFolders().map(\.path))")
        return try await ChildProcess(executable: executable, arguments: arguments).run()
    }

    @Test func versionPrintsTheVersionHealthReports() async throws {
        let outcome = try await run(["--version"])
        #expect(outcome.status == 0, "\(outcome.errorText)")
        #expect(String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == PerennialVersion.current)
    }

    @Test func inspectingAMissingFileSaysTheFileCannotBeRead() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-missing-\(UUID()).json").path
        let outcome = try await run(["google", "purchase", "inspect", missing, "--token", "token-1"])
        let everything = String(decoding: outcome.output + outcome.errors, as: UTF8.self)
        #expect(outcome.status != 0)
        #expect(everything.contains("cannot read \(missing)"), "\(everything)")
        #expect(!everything.contains("not_a_subscription_purchase"), "a missing file is not a body that is not a purchase: \(everything)")
    }

    @Test func aBodyThatIsNotAPurchaseIsStillSaidSo() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-body-\(UUID()).json")
        try Data(#"{"lineItems": []}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try await run(["google", "purchase", "inspect", file.path, "--token", "token-1"])
        #expect(outcome.status == 1)
        #expect(String(decoding: outcome.output, as: UTF8.self).contains("not_a_subscription_purchase"))
    }
}
