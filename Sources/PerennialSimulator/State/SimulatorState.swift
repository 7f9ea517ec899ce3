import Crypto
import Foundation
import PerennialCore

/// The simulated App Store's whole memory, as a value: accounts, transactions, subscriptions and the
/// event log. `AppStoreSimulator` owns one and is its only writer. Lifecycle changes go through
/// `apply(_:at:)`; the other methods read, or check a request before it becomes a change.
struct SimulatorState: Sendable {
    let configuration: SimulatorConfiguration
    /// Signs the JWS, notifications and receipts the state produces.
    let authority: SimulatorSigningAuthority
    var accounts: [ReceiptOwner: SimulatedAccount] = [:]
    var transactions: [String: SimulatedTransaction] = [:]
    var subscriptions: [String: SimulatedSubscription] = [:]
    /// "bundle_id\u{0}product_id" of products taken off sale.
    var unavailableProducts: Set<String> = []
    var events: [SimulatorEvent] = []
    /// Notifications produced by recorded events, waiting for the simulator to take them into its delivery log.
    var outbox: [SimulatorNotification] = []
    var nextNotificationID = 1
    /// A receipt's opaque value (attribute 4) → whose receipt it is: how a PKCS#7 receipt finds its account.
    var receiptOwners: [Data: ReceiptOwner] = [:]
    /// "bundle_id\u{0}nonce" of every promotional offer redeemed: a nonce is good once per app.
    var usedOfferNonces: Set<String> = []
    private var nextTransactionNumber: Int64
    private var nextWebOrderNumber: Int64

    /// Upper bound on the changes one catch-up makes, so a huge clock jump cannot stall the simulator.
    static let maximumChangesPerCatchUp = 100_000
    /// How many ids each `idBlock` holds.
    static let idsPerBlock: Int64 = 100_000_000
    /// The largest `idBlock`: ids stay 16 digits.
    static let maximumIDBlock = 8_999_999

    /// An empty App Store. Its transaction ids start at 1000000000000001 plus `idBlock` × 10⁸ (web order
    /// line item ids likewise from 2000000000000001), so simulators given different blocks never hand out
    /// the same id.
    init(configuration: SimulatorConfiguration, authority: SimulatorSigningAuthority, idBlock: Int = 0) {
        self.configuration = configuration
        self.authority = authority
        let offset = Int64(min(max(idBlock, 0), Self.maximumIDBlock)) * Self.idsPerBlock
        nextTransactionNumber = 1_000_000_000_000_001 + offset
        nextWebOrderNumber = 2_000_000_000_000_001 + offset
    }

    var timeScale: SimulatorTimeScale { configuration.timeScale }

    mutating func newTransactionID() -> String {
        defer { nextTransactionNumber += 1 }
        return String(nextTransactionNumber)
    }

    mutating func newWebOrderLineItemID() -> String {
        defer { nextWebOrderNumber += 1 }
        return String(nextWebOrderNumber)
    }

    func app(_ bundleID: String) -> SimulatorApp? { configuration.app(bundleID) }

    func product(_ bundleID: String, _ productID: String) -> SimulatorProduct? {
        app(bundleID)?.product(productID)
    }

    func isAvailable(_ bundleID: String, _ productID: String) -> Bool {
        !unavailableProducts.contains(bundleID + "\u{0}" + productID)
    }

    mutating func setAvailability(_ bundleID: String, _ productID: String, available: Bool) {
        if available {
            unavailableProducts.remove(bundleID + "\u{0}" + productID)
        } else {
            unavailableProducts.insert(bundleID + "\u{0}" + productID)
        }
    }

    /// The subscriptions of one receipt, by original transaction id.
    func subscriptions(of owner: ReceiptOwner) -> [SimulatedSubscription] {
        subscriptions.values.filter { $0.owner == owner }.sorted { $0.originalTransactionID < $1.originalTransactionID }
    }

    /// The subscription this account bought itself in a group, if any.
    func purchasedSubscription(of owner: ReceiptOwner, group: String) -> SimulatedSubscription? {
        subscriptions(of: owner).first { $0.group == group && $0.sharedFrom == nil }
    }

    /// How long one period of the product lasts from `start`, with the offer in use.
    func periodEnd(bundleID: String, productID: String, offerPeriod: SimulatorPeriod?, from start: Instant) -> Instant {
        let period = offerPeriod ?? product(bundleID, productID)?.period ?? .month
        return timeScale.end(of: period, from: start)
    }

    /// The app's grace period, scaled; nil when it has none.
    func gracePeriodMilliseconds(_ bundleID: String) -> Int64? {
        guard let days = app(bundleID)?.gracePeriodDays, days > 0 else { return nil }
        return timeScale.gracePeriodMilliseconds(days: days)
    }

    mutating func insert(_ transaction: SimulatedTransaction, for owner: ReceiptOwner, at instant: Instant) {
        transactions[transaction.transactionID] = transaction
        if accounts[owner] == nil {
            let account = SimulatedAccount(owner: owner, createdAt: instant, updatedAt: instant)
            accounts[owner] = account
            receiptOwners[account.opaqueValue] = owner
        }
        accounts[owner]?.transactionIDs.append(transaction.transactionID)
    }
}

/// The state is saved as JSON (`SimulatorSnapshot`) without its configuration and signing authority, which
/// the decoder's `userInfo` supplies (`configurationKey`, `authorityKey`) when it is read back.
extension SimulatorState: Codable {
    static let configurationKey = CodingUserInfoKey(rawValue: "perennial.simulator.configuration")!
    static let authorityKey = CodingUserInfoKey(rawValue: "perennial.simulator.authority")!

    enum CodingKeys: String, CodingKey {
        case accounts, transactions, subscriptions, unavailableProducts, events, outbox, nextNotificationID
        case receiptOwners, usedOfferNonces, nextTransactionNumber, nextWebOrderNumber
    }

    init(from decoder: any Decoder) throws {
        guard let configuration = decoder.userInfo[Self.configurationKey] as? SimulatorConfiguration,
            let authority = decoder.userInfo[Self.authorityKey] as? SimulatorSigningAuthority
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no configuration or authority to restore with"))
        }
        self.init(configuration: configuration, authority: authority)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accounts = try container.decode([ReceiptOwner: SimulatedAccount].self, forKey: .accounts)
        transactions = try container.decode([String: SimulatedTransaction].self, forKey: .transactions)
        subscriptions = try container.decode([String: SimulatedSubscription].self, forKey: .subscriptions)
        unavailableProducts = try container.decode(Set<String>.self, forKey: .unavailableProducts)
        events = try container.decode([SimulatorEvent].self, forKey: .events)
        outbox = try container.decode([SimulatorNotification].self, forKey: .outbox)
        nextNotificationID = try container.decode(Int.self, forKey: .nextNotificationID)
        receiptOwners = try container.decode([Data: ReceiptOwner].self, forKey: .receiptOwners)
        usedOfferNonces = try container.decode(Set<String>.self, forKey: .usedOfferNonces)
        nextTransactionNumber = try container.decode(Int64.self, forKey: .nextTransactionNumber)
        nextWebOrderNumber = try container.decode(Int64.self, forKey: .nextWebOrderNumber)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accounts, forKey: .accounts)
        try container.encode(transactions, forKey: .transactions)
        try container.encode(subscriptions, forKey: .subscriptions)
        try container.encode(unavailableProducts, forKey: .unavailableProducts)
        try container.encode(events, forKey: .events)
        try container.encode(outbox, forKey: .outbox)
        try container.encode(nextNotificationID, forKey: .nextNotificationID)
        try container.encode(receiptOwners, forKey: .receiptOwners)
        try container.encode(usedOfferNonces, forKey: .usedOfferNonces)
        try container.encode(nextTransactionNumber, forKey: .nextTransactionNumber)
        try container.encode(nextWebOrderNumber, forKey: .nextWebOrderNumber)
    }
}
