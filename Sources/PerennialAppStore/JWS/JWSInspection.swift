import Foundation
import PerennialCore

/// What `perennial jws verify` does, without the command line: verify one JWS and render its payload.
///
/// `perennial jws verify --root FILE [--root FILE]… --environment Sandbox|Production|Xcode|LocalTesting
/// --bundle-id ID [--app-apple-id N] [--type transaction|renewal|notification|app-transaction] FILE` prints
/// the `.success` text and exits 0, or prints `errorLine(_:)` as its last line and exits 1.
public enum JWSInspection {
    /// Verifies `jws` (surrounding whitespace ignored) and returns its decoded payload as pretty-printed JSON
    /// with Apple's field names and sorted keys, or the rejection.
    ///
    /// - Parameters:
    ///   - jws: The file's contents: one compact JWS.
    ///   - rootCertificates: The trusted roots, DER (`--root`).
    ///   - environment: Apple's spelling: `Sandbox`, `Production`, `Xcode` or `LocalTesting`.
    ///   - bundleId: The app's bundle id.
    ///   - appAppleId: The app's Apple id; required for Production.
    ///   - type: The kind of data; nil detects it from the payload (`SignedPayloadType.detect`).
    ///   - strictKeyIdentifiers: See `SignedDataVerifier.init`.
    ///   - instant: "Now": when the payload has no signing date.
    /// - Notifications are verified with their nested JWS; the text is the notification's payload.
    public static func verify(
        jws: String, rootCertificates: [Data], environment: String, bundleId: String, appAppleId: Int64? = nil,
        type: SignedPayloadType? = nil, strictKeyIdentifiers: Bool = true, at instant: Instant
    ) async -> Result<String, VerificationError> {
        let text = jws.trimmingCharacters(in: .whitespacesAndNewlines)
        do throws(VerificationError) {
            let verifier = try SignedDataVerifier(
                rootCertificates: rootCertificates, bundleId: bundleId, appAppleId: appAppleId,
                environment: AppleEnvironment(rawValue: environment), strictKeyIdentifiers: strictKeyIdentifiers,
                chainCacheCapacity: 0, clock: FixedClock(instant)
            )
            switch type ?? detectType(text) {
            case .transaction: return .success(try render(await verifier.verifyAndDecodeTransaction(text)))
            case .renewal: return .success(try render(await verifier.verifyAndDecodeRenewalInfo(text)))
            case .notification: return .success(try render(await verifier.verifyAndDecodeNotification(text).payload))
            case .appTransaction: return .success(try render(await verifier.verifyAndDecodeAppTransaction(text)))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The last line printed on rejection: `{"error": "verification_failure"}`.
    public static func errorLine(_ error: VerificationError) -> String {
        "{\"error\": \"\(error.code.rawValue)\"}"
    }

    /// The kind of an unverified JWS, from its payload's keys; a transaction when the payload is unreadable.
    static func detectType(_ text: String) -> SignedPayloadType {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = JWSBase64.decodeURL(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return .transaction }
        return SignedPayloadType.detect(payloadKeys: Set(object.keys))
    }

    private static func render(_ value: some Encodable) throws(VerificationError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            throw VerificationError(.verificationFailure, "the decoded payload cannot be rendered as JSON")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
