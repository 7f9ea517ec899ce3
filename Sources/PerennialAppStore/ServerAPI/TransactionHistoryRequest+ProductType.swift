extension TransactionHistoryRequest {
    /// A product type filter value. Kept raw: a value Apple adds later can be sent too.
    public struct ProductType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Apple's spelling.
        public var rawValue: String

        /// Creates a product type from Apple's spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Auto-renewable subscriptions.
        public static let autoRenewable = ProductType(rawValue: "AUTO_RENEWABLE")
        /// Non-renewing subscriptions.
        public static let nonRenewable = ProductType(rawValue: "NON_RENEWABLE")
        /// Consumables.
        public static let consumable = ProductType(rawValue: "CONSUMABLE")
        /// Non-consumables.
        public static let nonConsumable = ProductType(rawValue: "NON_CONSUMABLE")

        public var description: String { rawValue }
    }
}
