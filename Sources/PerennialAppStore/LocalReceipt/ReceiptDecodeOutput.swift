import Foundation
import PerennialCore
import SwiftASN1

/// The output of `perennial receipt decode FILE [--root FILE]…`: a base64 app receipt decoded to JSON, its
/// signature verified locally.
///
/// Roots: with none given, the embedded Apple Root CA is trusted and Xcode receipts are refused; roots given
/// replace it, and then Xcode receipts are allowed (passing the StoreKit test certificate is the explicit
/// opt-in). Exit code 0 when the signature is valid, 1 otherwise (the decoded JSON is still printed, with
/// `"signature": "invalid"`); a file that is not a receipt prints `{"error": "receipt_malformed"}` and exits 1.
public struct ReceiptDecodeOutput: Hashable, Sendable {
    /// One line of JSON, keys in the documented order, absent values as explicit nulls.
    public var json: String
    /// The process exit code: 0 valid, 1 invalid or unreadable.
    public var exitCode: Int32
    /// Why the receipt was not accepted, for a message on standard error; nil when valid.
    public var failure: ReceiptVerificationCode?

    /// Creates an output.
    public init(json: String, exitCode: Int32, failure: ReceiptVerificationCode?) {
        self.json = json
        self.exitCode = exitCode
        self.failure = failure
    }

    /// Decodes and verifies a receipt file.
    ///
    /// - Parameters:
    ///   - fileText: the receipt file's text (base64; line breaks allowed).
    ///   - roots: the contents of each `--root` file, DER or PEM (a PEM file may hold several certificates).
    ///   - now: the validation time for a receipt without a creation date.
    public static func decode(fileText: String, roots: [Data], now: Instant) async -> ReceiptDecodeOutput {
        let trustedRoots = roots.isEmpty ? [AppleIncRootCertificate.der] : roots.flatMap(CertificateFile.derCertificates)
        let verifier = LocalReceiptVerifier(clock: FixedClock(now))
        let result = await verifier.verify(base64Receipt: fileText, trustedRoots: trustedRoots, allowXcode: !roots.isEmpty)
        let failure: ReceiptVerificationCode?
        switch result.signature {
        case .valid: failure = nil
        case .invalid(let code): failure = code
        }
        guard let payload = result.payload else {
            return ReceiptDecodeOutput(
                json: JSONText.object([("error", JSONText.string(failure?.rawValue))]), exitCode: 1, failure: failure
            )
        }
        return ReceiptDecodeOutput(
            json: json(payload, signatureValid: failure == nil), exitCode: failure == nil ? 0 : 1, failure: failure
        )
    }

    /// The JSON object for a payload.
    static func json(_ payload: AppReceiptPayload, signatureValid: Bool) -> String {
        JSONText.object([
            ("receipt_type", JSONText.string(payload.receiptType)),
            ("bundle_id", JSONText.string(payload.bundleID)),
            ("application_version", JSONText.string(payload.applicationVersion)),
            ("original_application_version", JSONText.string(payload.originalApplicationVersion)),
            ("receipt_creation_date_ms", JSONText.number(payload.receiptCreationDate?.milliseconds)),
            ("in_app", JSONText.array(payload.inAppPurchases.map(json))),
            ("signature", JSONText.string(signatureValid ? "valid" : "invalid")),
        ])
    }

    /// The JSON object for one purchase; `original_transaction_id` as written in the receipt (null when absent).
    static func json(_ purchase: AppReceiptPurchase) -> String {
        JSONText.object([
            ("product_id", JSONText.string(purchase.productID)),
            ("transaction_id", JSONText.string(purchase.transactionID)),
            ("original_transaction_id", JSONText.string(purchase.originalTransactionID)),
            ("purchase_date_ms", JSONText.number(purchase.purchaseDate?.milliseconds)),
            ("original_purchase_date_ms", JSONText.number(purchase.originalPurchaseDate?.milliseconds)),
            ("expires_date_ms", JSONText.number(purchase.subscriptionExpirationDate?.milliseconds)),
            ("cancellation_date_ms", JSONText.number(purchase.cancellationDate?.milliseconds)),
            ("web_order_line_item_id", JSONText.string(purchase.webOrderLineItemID)),
            ("is_in_intro_offer_period", purchase.isInIntroOfferPeriod.map { $0 ? "true" : "false" } ?? "null"),
            ("quantity", JSONText.number(purchase.quantity.map(Int64.init))),
        ])
    }
}
