import Foundation

/// Holds the client `Perennial.configure` made.
final class SharedClient: @unchecked Sendable {
    // @unchecked Sendable: `client` is only read or written while `lock` is held.
    static let instance = SharedClient()
    private let lock = NSLock()
    private var client: Perennial?

    func set(_ client: Perennial) {
        lock.lock()
        defer { lock.unlock() }
        self.client?.stopLater()
        self.client = client
    }

    func get() -> Perennial? {
        lock.lock()
        defer { lock.unlock() }
        return client
    }
}

extension Perennial {
    /// Stops a client that a new `configure` replaced.
    nonisolated func stopLater() {
        Task { await self.stop() }
    }
}
