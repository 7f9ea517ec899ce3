/// Why a subscription's renewal date is extended. Kept raw: a value Apple adds later decodes too.
public struct ExtendReasonCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Apple's number.
    public var rawValue: Int

    /// Creates a reason from Apple's number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No reason given.
    public static let undeclared = ExtendReasonCode(rawValue: 0)
    /// For customer satisfaction.
    public static let customerSatisfaction = ExtendReasonCode(rawValue: 1)
    /// Another reason.
    public static let other = ExtendReasonCode(rawValue: 2)
    /// A service issue or outage.
    public static let serviceIssueOrOutage = ExtendReasonCode(rawValue: 3)

    public var description: String { String(rawValue) }
}
