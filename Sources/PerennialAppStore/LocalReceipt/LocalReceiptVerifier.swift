import Foundation
import PerennialCore
import X509

/// Reads an app receipt (the base64 PKCS#7 container StoreKit 1 apps send) and verifies its signature
/// locally, without calling Apple: the server-side form of on-device receipt validation.
///
/// The signer's certificate chain is judged at the receipt's creation date (attribute 12), not now: Apple's
/// receipt-signing certificates expire while the receipts they signed stay valid. Only when a receipt has no
/// creation date is the clock's instant used.
///
/// Xcode receipts (receipt type `Xcode`) are signed by the local StoreKit test certificate; they are accepted
/// only when `allowXcode` is true *and* that certificate is one of `trustedRoots`.
public struct LocalReceiptVerifier: Sendable {
    private let clock: any PerennialCore.Clock

    /// Creates a verifier; `clock` gives the validation time for receipts without a creation date.
    public init(clock: any PerennialCore.Clock = SystemClock()) {
        self.clock = clock
    }

    /// Decodes and verifies a base64 app receipt (whitespace and line breaks are ignored).
    ///
    /// - Parameters:
    ///   - base64Receipt: the receipt as apps send it.
    ///   - trustedRoots: DER certificates to trust; by default the Apple Root CA.
    ///   - allowXcode: accept receipts of type `Xcode` (development only).
    public func verify(
        base64Receipt: String, trustedRoots: [Data] = [AppleIncRootCertificate.der], allowXcode: Bool = false
    ) async -> LocalReceiptVerification {
        guard let bytes = Self.decodeBase64(base64Receipt) else {
            return LocalReceiptVerification(payload: nil, signature: .invalid(.receiptMalformed))
        }
        return await verify(receipt: bytes, trustedRoots: trustedRoots, allowXcode: allowXcode)
    }

    /// Decodes and verifies an app receipt's bytes (the DER/BER container).
    public func verify(
        receipt: Data, trustedRoots: [Data] = [AppleIncRootCertificate.der], allowXcode: Bool = false
    ) async -> LocalReceiptVerification {
        let container: SignedReceiptContainer
        let payload: AppReceiptPayload
        do {
            container = try SignedReceiptContainer(bytes: Array(receipt))
            payload = try AppReceiptPayload(encoded: container.content[...])
        } catch {
            return LocalReceiptVerification(payload: nil, signature: .invalid(.receiptMalformed))
        }
        if payload.storeEnvironment == .xcode && !allowXcode {
            return LocalReceiptVerification(payload: payload, signature: .invalid(.xcodeNotAllowed))
        }
        let roots: [Certificate]
        do {
            roots = try trustedRoots.map { try Certificate(derEncoded: Array($0)) }
        } catch {
            return LocalReceiptVerification(payload: payload, signature: .invalid(.trustedRootInvalid))
        }
        let validationTime = (payload.receiptCreationDate ?? clock.now()).date
        let status = await ReceiptSignatureCheck(container: container).status(
            roots: roots, appleRoot: Self.appleRoot, validationTime: validationTime
        )
        return LocalReceiptVerification(payload: payload, signature: status)
    }

    /// The Apple Root CA, parsed once.
    private static let appleRoot: Certificate? = try? Certificate(derEncoded: Array(AppleIncRootCertificate.der))

    /// Base64 with whitespace removed, strict otherwise.
    static func decodeBase64(_ text: String) -> Data? {
        let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        guard !compact.isEmpty else { return nil }
        return Data(base64Encoded: compact)
    }
}
