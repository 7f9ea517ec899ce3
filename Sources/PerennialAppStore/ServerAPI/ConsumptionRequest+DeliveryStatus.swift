extension ConsumptionRequest {
    /// Whether the app delivered a working In-App Purchase. Kept raw: a value Apple adds later decodes too.
    public struct DeliveryStatus: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// Apple's spelling.
        public var rawValue: String

        /// Creates a status from Apple's spelling.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Delivered and working.
        public static let delivered = DeliveryStatus(rawValue: "DELIVERED")
        /// Not delivered because of a quality issue.
        public static let undeliveredQualityIssue = DeliveryStatus(rawValue: "UNDELIVERED_QUALITY_ISSUE")
        /// The wrong item was delivered.
        public static let undeliveredWrongItem = DeliveryStatus(rawValue: "UNDELIVERED_WRONG_ITEM")
        /// Not delivered because of a server outage.
        public static let undeliveredServerOutage = DeliveryStatus(rawValue: "UNDELIVERED_SERVER_OUTAGE")
        /// Not delivered for another reason.
        public static let undeliveredOther = DeliveryStatus(rawValue: "UNDELIVERED_OTHER")

        public var description: String { rawValue }
    }
}
