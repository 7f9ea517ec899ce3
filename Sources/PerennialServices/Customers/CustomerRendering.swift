/// What a surface makes of a customer's view to keep with the cached customer (the HTTP answer's bytes), so
/// that the next read of the same customer gives it again instead of making it anew.
public protocol CustomerRendering: Sendable {
    /// About how many bytes it holds: the cache keeps renderings up to a budget of bytes.
    var byteCount: Int { get }
}
