/// `acknowledgementState` of a purchase: Google refunds a purchase nobody acknowledged within three days.
public struct PlayAcknowledgementState: PlayRawValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = Self(rawValue: "ACKNOWLEDGEMENT_STATE_UNSPECIFIED")
    public static let pending = Self(rawValue: "ACKNOWLEDGEMENT_STATE_PENDING")
    public static let acknowledged = Self(rawValue: "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
}
