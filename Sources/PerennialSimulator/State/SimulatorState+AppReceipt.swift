import Crypto
import Foundation
import PerennialCore

extension SimulatorState {
    /// The account's app receipt as of `instant`: a PKCS#7 container, base64, signed by the simulator's
    /// chain, holding every transaction of the account in Apple's ASN.1 receipt format. Nil when the
    /// account bought nothing.
    func appReceipt(for owner: ReceiptOwner, at instant: Instant) -> String? {
        guard let account = accounts[owner],
            let payload = try? appReceiptPayload(account, at: instant),
            let container = try? PKCS7SignedReceipt.sign(payload, with: authority)
        else { return nil }
        return Data(container).base64EncodedString()
    }

    /// The receipt-data the control API hands out for an account: its PKCS#7 receipt, or the opaque token
    /// when no receipt can be built.
    func receiptData(for owner: ReceiptOwner, at instant: Instant) -> String {
        appReceipt(for: owner, at: instant) ?? owner.token.receiptData
    }

    /// `SET OF ReceiptAttribute`: type 0 receipt type, 1 app item id, 2 bundle id, 3 app version, 4 opaque
    /// value, 5 SHA-1 hash, 12 creation date, 18 original purchase date, 19 original app version, and one
    /// 17 per in-app purchase.
    private func appReceiptPayload(_ account: SimulatedAccount, at instant: Instant) throws -> [UInt8] {
        let owner = account.owner
        let sandbox = owner.environment != .production
        let bundleID = try ReceiptAttributeElement.utf8(2, owner.bundleID)
        let opaque = Array(account.opaqueValue)
        let hash = Insecure.SHA1.hash(data: Array(account.deviceIdentifier) + opaque + bundleID.value)
        var attributes: [ReceiptAttributeElement] = [
            try .utf8(0, sandbox ? "ProductionSandbox" : "Production"),
            try .integer(1, sandbox ? 0 : Int(appAppleID(owner.bundleID))),
            bundleID,
            try .utf8(3, "1.0"),
            .raw(4, opaque),
            .raw(5, Array(hash)),
            try .ia5(12, Self.rfc3339(instant)),
            try .ia5(18, Self.rfc3339(account.createdAt)),
            try .utf8(19, "1.0"),
        ]
        let purchases = account.transactionIDs.compactMap { transactions[$0] }.sorted(by: Self.oldestFirst)
        for transaction in purchases {
            attributes.append(
                ReceiptAttributeElement(type: 17, value: try ReceiptAttributeElement.set(try inAppAttributes(transaction))))
        }
        return try ReceiptAttributeElement.set(attributes)
    }

    /// One in-app purchase: 1701 quantity, 1702 product, 1703 transaction, 1705 original transaction, 1704 and
    /// 1706 purchase dates, 1708 expiry, 1711 web order line item, 1712 cancellation, 1713 trial, 1719 intro.
    private func inAppAttributes(_ transaction: SimulatedTransaction) throws -> [ReceiptAttributeElement] {
        let renewable = transaction.productType == .autoRenewable
        return [
            try .integer(1701, 1),
            try .utf8(1702, transaction.productID),
            try .utf8(1703, transaction.transactionID),
            try .ia5(1704, Self.rfc3339(transaction.purchaseDate)),
            try .utf8(1705, transaction.originalTransactionID),
            try .ia5(1706, Self.rfc3339(transaction.originalPurchaseDate)),
            try .ia5(1708, transaction.expiresDate.map(Self.rfc3339) ?? ""),
            try .integer(1711, renewable ? Int(transaction.webOrderLineItemID ?? "") ?? 0 : 0),
            try .ia5(1712, transaction.cancellationDate.map(Self.rfc3339) ?? ""),
            try .integer(1713, transaction.isTrialPeriod ? 1 : 0),
            try .integer(1719, transaction.isInIntroOfferPeriod ? 1 : 0),
        ]
    }

    /// `2024-01-15T00:00:00Z`, as receipts write dates.
    static func rfc3339(_ instant: Instant) -> String {
        let seconds = Date(timeIntervalSince1970: Double(instant.milliseconds / 1000))
        return seconds.formatted(.iso8601)
    }
}
