import Foundation

/// Finds a transaction id in a receipt without verifying it, to look the customer's history up with the App
/// Store Server API (whose answers are signed): what Apple's App Store Server Library calls
/// `ReceiptUtility`.
///
/// Decisions, matching Apple's reference library (and the conformance vectors):
/// - app receipt: the first transaction id (1703) *or* original transaction id (1705) in encoding order,
///   across the in-app purchases; either finds the same history. None when no purchase carries one.
/// - transaction receipt (StoreKit 1, property list): `transaction-id` of `purchase-info`; nil when absent
///   or unreadable.
public struct ReceiptTransactionIDExtractor: Sendable {
    /// Creates an extractor.
    public init() {}

    /// A transaction id from a base64 app receipt, or nil when it has no in-app purchase with one.
    /// Throws `LocalReceiptError` (`receipt_malformed`) when the text is not a base64 PKCS#7 SignedData app
    /// receipt.
    public func transactionID(fromAppReceipt base64Receipt: String) throws -> String? {
        guard let bytes = LocalReceiptVerifier.decodeBase64(base64Receipt) else {
            throw LocalReceiptError.malformed("not base64")
        }
        let container = try SignedReceiptContainer(bytes: Array(bytes))
        for attribute in try AppReceiptAttribute.attributes(inSet: container.content[...]) where attribute.type == 17 {
            for field in try AppReceiptAttribute.attributes(inSet: ArraySlice(attribute.value))
            where field.type == 1703 || field.type == 1705 {
                return try field.text()
            }
        }
        return nil
    }

    /// The `transaction-id` of a base64 StoreKit 1 transaction receipt, or nil when it has none or is not
    /// one. Never throws: these receipts are a legacy convenience.
    public func transactionID(fromTransactionReceipt base64Receipt: String) -> String? {
        LegacyTransactionReceipt(base64: base64Receipt)?.transactionID
    }
}
