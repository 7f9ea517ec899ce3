/// How long a client may take to send its request, how long an idle keep-alive connection stays open, and
/// how many connections are open at once (`server.timeouts`, `server.max_connections`).
///
/// Each timeout is a deadline for a whole phase, never reset by a trickle of bytes: a client that sends a
/// header byte every few seconds is closed when `header` has passed since its request began.
public struct ConnectionLimits: Sendable, Hashable {
    /// From a connection's opening, or from the first byte of a later request, to the end of the request
    /// head. Default 10 s.
    public var header: Duration = .seconds(10)
    /// From the end of the request head to the end of its body. Default 60 s (nginx's).
    public var body: Duration = .seconds(60)
    /// How long a connection may wait, after its last response, for the first byte of another request.
    /// Default 75 s (nginx's).
    public var keepAlive: Duration = .seconds(75)
    /// The most connections open at once; when another arrives, the connection that has been waiting
    /// longest for its client is closed to make room (one whose request is being answered never is).
    /// Default 1,000.
    public var maxConnections: Int = 1_000

    public init() {}

    public init(header: Duration, body: Duration, keepAlive: Duration, maxConnections: Int) {
        self.header = header
        self.body = body
        self.keepAlive = keepAlive
        self.maxConnections = maxConnections
    }
}
