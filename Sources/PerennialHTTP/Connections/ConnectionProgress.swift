/// Where one connection is in its request/response cycle, and so which deadline applies to it. Counts
/// rather than a single state, so pipelined requests (a next request read while a response is written)
/// are followed too.
struct ConnectionProgress: Sendable, Hashable {
    /// What the connection is waiting for.
    enum Phase: Sendable, Hashable {
        /// Nothing of a next request has arrived (since `since`: the opening, or the last response's end).
        case idle(fresh: Bool)
        /// Part of a request head has arrived.
        case head
        /// The head arrived; its body has not ended.
        case body
        /// Every request arrived; a response is being computed or written. No deadline: the server's turn.
        case responding
    }

    private(set) var requestsStarted = 0
    private(set) var requestsEnded = 0
    private(set) var responsesEnded = 0
    /// When the current phase began.
    private(set) var since: ContinuousClock.Instant
    /// When the first byte not yet part of a parsed head arrived, if one did.
    private var pendingBytesSince: ContinuousClock.Instant?

    init(openedAt: ContinuousClock.Instant) {
        since = openedAt
    }

    var phase: Phase {
        if responsesEnded < requestsEnded { return .responding }
        if requestsStarted > requestsEnded { return .body }
        if pendingBytesSince != nil { return .head }
        return .idle(fresh: responsesEnded == 0)
    }

    /// The instant by which the client must have moved to the next phase; nil while the server responds.
    func deadline(_ limits: ConnectionLimits) -> ContinuousClock.Instant? {
        switch phase {
        case .idle(let fresh): since + (fresh ? limits.header : limits.keepAlive)
        case .head: since + limits.header
        case .body: since + limits.body
        case .responding: nil
        }
    }

    /// Whether the connection is waiting for its client (and so may be closed to make room).
    var isWaitingForClient: Bool { phase != .responding }

    mutating func bytesArrived(at now: ContinuousClock.Instant) {
        guard pendingBytesSince == nil, requestsStarted == requestsEnded else { return }
        pendingBytesSince = now
        // A new connection's head is due a header timeout after it opened; a later one's, after its first byte.
        if responsesEnded == requestsEnded, responsesEnded > 0 { since = now }
    }

    mutating func headReceived(at now: ContinuousClock.Instant) {
        requestsStarted += 1
        pendingBytesSince = nil
        if responsesEnded == requestsEnded { since = now }  // else pipelined: its body waits for the response
    }

    mutating func requestEnded(at now: ContinuousClock.Instant) {
        requestsEnded += 1
        since = now
    }

    mutating func responseEnded(at now: ContinuousClock.Instant) {
        responsesEnded += 1
        guard responsesEnded == requestsEnded else { return }
        if requestsStarted > requestsEnded {
            since = now  // a pipelined request's body was waiting on this response: its deadline starts now
        } else if let pending = pendingBytesSince {
            since = pending
        } else {
            since = now
        }
    }
}
