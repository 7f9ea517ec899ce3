import Foundation
import PerennialCore

/// A compact JWS (`header.payload.signature`) split into its parts, each decoded strictly. Nothing is
/// verified yet; the payload stays bytes until the verifier decodes it.
struct CompactJWS {
    /// The longest JWS accepted, in bytes; App Store payloads are a few kilobytes.
    static let maximumLength = 1 << 20

    /// The decoded header.
    let header: JWSHeader
    /// The payload bytes (JSON).
    let payload: Data
    /// The signature bytes; ES256 needs 64 (`r || s`).
    let signature: [UInt8]
    /// The bytes the signature covers: the first two parts as sent, with the dot between them.
    let signingInput: Data

    /// Splits and decodes `text`; rejects anything but three strict base64url parts and a JSON header.
    init(parsing text: String) throws(VerificationError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw VerificationError(.verificationFailure, "the JWS is longer than \(Self.maximumLength) bytes")
        }
        // Split on the bytes: `String.split` walks grapheme clusters, which costs more than the signature
        // check on a JWS whose header carries three certificates.
        let bytes = Array(text.utf8)
        var dots: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: ".") {
            dots.append(offset)
            if dots.count > 2 { break }
        }
        guard dots.count == 2 else {
            let parts = bytes.reduce(1) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
            throw VerificationError(.verificationFailure, "a compact JWS has 3 parts, this one has \(parts)")
        }
        let headerSegment = bytes[..<dots[0]]
        let cachedHeader = JWSHeaderCache.header(for: headerSegment)
        let headerBytes = cachedHeader == nil ? JWSBase64.decodeURL(bytes: headerSegment) : []
        guard let headerBytes, let payload = JWSBase64.decodeURL(bytes: bytes[(dots[0] + 1)..<dots[1]]),
            let signature = JWSBase64.decodeURL(bytes: bytes[(dots[1] + 1)...])
        else {
            throw VerificationError(
                .verificationFailure, "a JWS part is not canonical base64url (URL-safe alphabet, no padding)"
            )
        }
        if let cachedHeader {
            self.header = cachedHeader
        } else {
            do {
                self.header = try JSONDecoder().decode(JWSHeader.self, from: Data(headerBytes))
            } catch {
                throw VerificationError(.verificationFailure, "the JWS header is not a JSON object of the expected shape")
            }
            JWSHeaderCache.store(header, for: headerSegment)
        }
        self.payload = Data(payload)
        self.signature = signature
        self.signingInput = Data(bytes[..<dots[1]])
    }
}
