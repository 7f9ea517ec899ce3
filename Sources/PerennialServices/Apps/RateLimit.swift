/// A token bucket's shape: `perSecond` tokens flow in each second, up to `burst` kept in reserve. A request
/// takes one token; with none left it is refused with 429 and told when one will be there.
public struct RateLimit: Sendable, Hashable {
    /// The sustained rate, in requests per second (above zero).
    public var perSecond: Double
    /// How many requests may arrive at once after a quiet spell (at least 1).
    public var burst: Int

    public init(perSecond: Double, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
    }
}
