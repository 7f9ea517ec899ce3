/// Everything the simulator knows about one account: its receipts, subscriptions and event log.
public struct AccountReport: Sendable, Hashable, Codable {
    /// One receipt per (environment, app) the account bought in.
    public struct Receipt: Sendable, Hashable, Codable {
        public var environment: String
        public var bundleID: String
        public var receiptData: String

        enum CodingKeys: String, CodingKey {
            case environment
            case bundleID = "bundle_id"
            case receiptData = "receipt_data"
        }
    }

    public var account: String
    public var receipts: [Receipt]
    public var subscriptions: [SubscriptionSummary]
    /// The account's events, oldest first.
    public var events: [SimulatorEvent]
}
