import PerennialCore
import PerennialOutbound
import Synchronization

/// A bounded cache of verified signing chains, keyed by the leaf's and the intermediate's `x5c` text, so
/// that verifying the next JWS from the same chain costs one signature check and a JSON decode.
///
/// The `x5c` text stands for the certificate bytes: the verifier only accepts canonical base64, so one text
/// encodes one certificate. Entries expire after `lifetime` and never outlive the chain's certificates; when
/// full, the entry closest to expiry goes. Shared by every copy of a `SignedDataVerifier` and safe to use
/// from any task: the entries live in a `Mutex`.
final class VerifiedChainCache: Sendable {
    /// The certificates that identify a chain (the root slot of `x5c` plays no part in verification).
    struct Key: Hashable, Sendable {
        var leaf: String
        var intermediate: String
    }

    /// The most entries kept.
    let capacity: Int
    /// How long an entry lives, in milliseconds.
    let lifetime: Int64
    private let entries = Mutex<[Key: VerifiedChain]>([:])

    /// Creates an empty cache.
    init(capacity: Int = 64, lifetime: Duration = .seconds(15 * 60)) {
        self.capacity = max(capacity, 0)
        self.lifetime = lifetime.components.seconds * 1000 + lifetime.components.attoseconds / 1_000_000_000_000_000
    }

    /// The chain verified for `key`, unless it expired by `now`.
    func chain(for key: Key, now: Instant) -> VerifiedChain? {
        entries.withLock { entries in
            guard let entry = entries[key] else { return nil }
            guard now < entry.cachedUntil else {
                entries[key] = nil
                return nil
            }
            return entry
        }
    }

    /// Remembers a verified chain from `now` until its lifetime or its certificates' expiry, whichever is first.
    func store(_ chain: VerifiedChain, for key: Key, now: Instant) {
        guard capacity > 0 else { return }
        var entry = chain
        let certificatesEnd = Instant(chain.validUntil)
        entry.cachedUntil = min(now.adding(milliseconds: lifetime), certificatesEnd)
        guard now < entry.cachedUntil else { return }
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity {
                entries = entries.filter { now < $0.value.cachedUntil }
                let soonest = entries.min { $0.value.cachedUntil < $1.value.cachedUntil }
                if entries.count >= capacity, let soonest {
                    entries[soonest.key] = nil
                }
            }
            entries[key] = entry
        }
    }

    /// How many entries are held (expired ones included until touched).
    var count: Int { entries.withLock { $0.count } }
}
