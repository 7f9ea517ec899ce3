import Foundation

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
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw VerificationError(.verificationFailure, "a compact JWS has 3 parts, this one has \(parts.count)")
        }
        guard let header = JWSBase64.decodeURL(parts[0]), let payload = JWSBase64.decodeURL(parts[1]),
            let signature = JWSBase64.decodeURL(parts[2])
        else {
            throw VerificationError(
                .verificationFailure, "a JWS part is not canonical base64url (URL-safe alphabet, no padding)"
            )
        }
        do {
            self.header = try JSONDecoder().decode(JWSHeader.self, from: Data(header))
        } catch {
            throw VerificationError(.verificationFailure, "the JWS header is not a JSON object of the expected shape")
        }
        self.payload = Data(payload)
        self.signature = signature
        self.signingInput = Data(text[parts[0].startIndex..<parts[1].endIndex].utf8)
    }
}
