extension TransactionHistoryRequest {
    /// The sort order of transaction history. Kept raw: a value Apple adds later can be sent too.
    public struct Order: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Apple's spelling.
        public var rawValue: String

        /// Creates an order from Apple's spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Oldest modification first.
        public static let ascending = Order(rawValue: "ASCENDING")
        /// Newest modification first.
        public static let descending = Order(rawValue: "DESCENDING")

        public var description: String { rawValue }
    }
}
