extension ConsumptionRequest {
    /// The refund outcome the server prefers. Kept raw: a value Apple adds later decodes too.
    public struct RefundPreference: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Apple's spelling.
        public var rawValue: String

        /// Creates a preference from Apple's spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Decline the refund.
        public static let decline = RefundPreference(rawValue: "DECLINE")
        /// Grant a full refund.
        public static let grantFull = RefundPreference(rawValue: "GRANT_FULL")
        /// Grant a refund in proportion to what was not consumed (`consumptionPercentage` above 0).
        public static let grantProrated = RefundPreference(rawValue: "GRANT_PRORATED")

        public var description: String { rawValue }
    }
}
