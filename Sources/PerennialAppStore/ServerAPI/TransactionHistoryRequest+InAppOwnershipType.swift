extension TransactionHistoryRequest {
    /// An ownership filter value. Kept raw: a value Apple adds later can be sent too.
    public struct InAppOwnershipType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Apple's spelling.
        public var rawValue: String

        /// Creates an ownership type from Apple's spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Bought by the customer.
        public static let purchased = InAppOwnershipType(rawValue: "PURCHASED")
        /// Shared with the customer through Family Sharing.
        public static let familyShared = InAppOwnershipType(rawValue: "FAMILY_SHARED")

        public var description: String { rawValue }
    }
}
