/// A test clock: the frozen time its customers' objects live on, moved only by `advance`.
public struct StripeSimulatedTestClock: Sendable, Hashable {
    public var id: String
    public var name: String?
    public var frozenTime: Int64
    public var created: Int64
}
