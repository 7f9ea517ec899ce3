import Crypto
import Foundation
import PerennialCore
import PerennialTesting
import Synchronization

/// Keys, instants and nonces shared by the offer signing tests.
enum OfferTestSupport {
    static let keyId = "2X9R4HXF34"
    static let issuerId = "57246542-96fe-1a63-e053-0824d011072a"
    static let bundleId = "com.example"
    /// 2025-06-01T00:00:00.789Z.
    static let now = Instant(milliseconds: 1_748_736_000_789)

    /// The contents of Apple's test `.p8` key, read by path.
    static func privateKeyPEM() throws -> String {
        String(decoding: try PerennialTesting.Fixtures.data("apple/certs/testSigningKey.p8"), as: UTF8.self)
    }

    /// The public half of the test key.
    static func publicKey() throws -> P256.Signing.PublicKey {
        try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM()).publicKey
    }

    /// A nonce source that hands out the given UUIDs in turn.
    static func nonces(_ values: [UUID]) -> @Sendable () -> UUID {
        let remaining = Mutex(values)
        return { remaining.withLock { $0.removeFirst() } }
    }

    /// Whether text is a lowercase, version 4 (random, RFC 4122 variant) UUID.
    static func isLowercaseV4(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 36, text == text.lowercased(), UUID(uuidString: text) != nil else { return false }
        return scalars[14] == "4" && "89ab".unicodeScalars.contains(scalars[19])
    }
}
