import Crypto
import Foundation
import PerennialCore

extension SignedDataVerifier {
    /// Parses `text`, decodes its payload and, unless the verifier is for Xcode or local testing, verifies
    /// the header, the chain and the signature. App and environment checks are the caller's.
    func decodeSigned<Payload: JWSVerifiablePayload>(_ text: String, as type: Payload.Type)
        async throws(VerificationError) -> Payload
    {
        let jws = try CompactJWS(parsing: text)
        let payload: Payload
        if let plain = jws.payload.withUnsafeBytes(Payload.plainDecoded(from:)) {
            payload = plain
        } else {
            do {
                payload = try JSONDecoder().decode(Payload.self, from: jws.payload)
            } catch {
                throw VerificationError(.verificationFailure, "the payload is not a JSON object of the expected shape")
            }
        }
        if environment == .xcode || environment == .localTesting {
            return payload
        }
        try await verifySignature(of: jws, signedAt: payload.validationInstant)
        return payload
    }

    private func verifySignature(of jws: CompactJWS, signedAt signedInstant: Instant?) async throws(VerificationError) {
        guard let x5c = jws.header.x5c, !x5c.isEmpty else {
            throw VerificationError(.verificationFailure, "the JWS header has no x5c certificate chain")
        }
        guard jws.header.alg == "ES256" else {
            throw VerificationError(.verificationFailure, "the JWS algorithm is not ES256")
        }
        guard jws.header.crit == nil else {
            throw VerificationError(
                .verificationFailure, "the JWS header requires extensions (crit); none is supported"
            )
        }
        let now = clock.now()
        let instant = enableOnlineChecks ? now : (signedInstant ?? now)
        // Certificate validity times end at year 9999: a later signing date would trap in the chain check.
        guard Self.certificateTimes.contains(instant.milliseconds) else {
            throw VerificationError(.verificationFailure, "the signing date is outside the range certificates can express")
        }
        let signingKey = try await chainVerifier.signingKey(x5c: x5c, at: Self.validationTime(instant), now: now)
        guard jws.signature.count == 64,
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: jws.signature),
            signingKey.isValidSignature(signature, for: jws.signingInput)
        else {
            throw VerificationError(.verificationFailure, "the ES256 signature does not verify with the leaf's key")
        }
        if enableOnlineChecks, chainVerifier.ocspRequester == nil {
            throw VerificationError(
                .retryableVerificationFailure,
                "online checks are on but the verifier has no HTTP transport for OCSP: revocation status unknown"
            )
        }
    }

    /// 1970-01-01 … 9999-12-31T23:59:59.999Z: the instants a certificate validity check can be made at.
    static let certificateTimes: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The instant as a certificate validity time: whole seconds, rounded down, as Apple's reference does.
    static func validationTime(_ instant: Instant) -> Date {
        Date(timeIntervalSince1970: (Double(instant.milliseconds) / 1000).rounded(.down))
    }
}
