import Crypto
import Foundation
import PerennialCore

/// One receipt's history: the transactions of one account in one app and environment.
struct SimulatedAccount: Sendable, Codable {
    var owner: ReceiptOwner
    /// The first purchase (`receipt.original_purchase_date`).
    var createdAt: Instant
    /// The last change (`receipt.receipt_creation_date`).
    var updatedAt: Instant
    /// Every transaction, in the order they were made.
    var transactionIDs: [String] = []
    /// The receipt's opaque value (attribute 4): 16 bytes derived from the owner, so the same account
    /// always has the same one.
    let opaqueValue: Data
    /// The identifier of the account's (simulated) device, which the receipt's SHA-1 hash covers.
    let deviceIdentifier: Data

    init(owner: ReceiptOwner, createdAt: Instant, updatedAt: Instant) {
        self.owner = owner
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        opaqueValue = Self.derive("opaque", owner)
        deviceIdentifier = Self.derive("device", owner)
    }

    private static func derive(_ label: String, _ owner: ReceiptOwner) -> Data {
        let text = [label, owner.environment.rawValue, owner.bundleID, owner.account].joined(separator: "\u{0}")
        return Data(SHA256.hash(data: Data(text.utf8)).prefix(16))
    }
}
