import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialServer
import PerennialServices
import Synchronization

/// An in-process Perennial opened from configuration text that a test rewrites between reloads, as an
/// operator edits `perennial.yaml`: the stack reads the text again at each reload.
final class ReloadableServer: Sendable {
    static let ownerToken = "owner-token-0123456789abcdef0123456789"

    private let text: Mutex<String>

    init(_ text: String) {
        self.text = Mutex(text)
    }

    /// What the file says now.
    func write(_ text: String) {
        self.text.withLock { $0 = text }
    }

    /// The configuration in the file now, as `perennial serve` loads it (the owner token from the
    /// environment, unless `ownerToken` is nil).
    func configuration(ownerToken: String? = ReloadableServer.ownerToken) throws -> PerennialConfiguration {
        var environment: [String: String] = [:]
        environment["PERENNIAL_OWNER_TOKEN"] = ownerToken
        var configuration = try ConfigurationLoader(environment: environment).parse(text.withLock { $0 }, file: "perennial.yaml")
        configuration.server.ownerToken = ownerToken
        configuration.server.databaseURL = "sqlite::memory:"
        return configuration
    }

    /// Opens the stack from the text, serves it in-process for `body`, then closes it.
    func run(ownerToken: String? = ReloadableServer.ownerToken, _ body: @Sendable (PerennialStack, any TestClientProtocol) async throws -> Void) async throws {
        let stack = try await PerennialStack.open(
            configuration: configuration(ownerToken: ownerToken), masterKey: SecretBox.generateMasterKey(),
            transport: UnreachableTransport(), reloadSource: { [self] in try configuration(ownerToken: ownerToken) })
        do {
            try await Application(router: stack.router()).test(.router) { client in try await body(stack, client) }
        } catch {
            await stack.shutdown()
            throw error
        }
        await stack.shutdown()
    }

    /// An app's entry in the configuration.
    static func app(_ id: String, keys: (public: String, secret: String), extra: String = "") -> String {
        """
          - id: \(id)
            bundle_id: com.example.\(id)
            api_keys:
              public: \(keys.public)
              secret: \(keys.secret)
        \(extra)
        """
    }
}
