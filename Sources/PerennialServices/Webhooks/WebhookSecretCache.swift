import Foundation
import Synchronization

/// Endpoints' secret sets as opened, by their sealed bytes, so that an attempt does not decrypt and decode
/// them again (a rotation seals new bytes, which miss). Holds at most `capacity` sets; past it, starts over.
final class WebhookSecretCache: Sendable {
    private let opened = Mutex<[Data: WebhookSecretSet]>([:])
    private let capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The set sealed in `sealed`, opened with `box` unless it was already.
    func secrets(_ sealed: Data, with box: SecretBox) throws -> WebhookSecretSet {
        if let set = opened.withLock({ $0[sealed] }) { return set }
        let set = try WebhookSecretSet.opened(sealed, with: box)
        opened.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[sealed] = set
        }
        return set
    }
}
