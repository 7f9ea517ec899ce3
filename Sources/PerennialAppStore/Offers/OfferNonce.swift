import Foundation

/// Nonces for offer signatures: one-time UUIDs written in lowercase, as the App Store requires.
public enum OfferNonce {
    /// Makes a new random nonce for every signature; replace it in tests to get known values.
    public typealias Source = @Sendable () -> UUID

    /// A new random (version 4) UUID each call.
    public static let random: Source = { UUID() }

    /// The lowercase text of a nonce, as it is signed and sent.
    public static func text(_ nonce: UUID) -> String { nonce.uuidString.lowercased() }

    /// Parses a nonce in either case.
    ///
    /// - Throws: `OfferSigningError.invalidNonce` unless `text` is a UUID.
    public static func parse(_ text: String) throws(OfferSigningError) -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw .invalidNonce(text) }
        return uuid
    }
}
