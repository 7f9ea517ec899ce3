/// What one round of HTTP load achieved.
struct LoadRound: Sendable {
    /// Requests answered with the expected status.
    var completed = 0
    /// Requests answered otherwise, or not at all.
    var failed = 0
    /// Wall time of the round, in seconds.
    var seconds = 0.0
    /// Latency of every completed request, in milliseconds.
    var latencies: [Double] = []

    /// Completed requests per second.
    var rate: Double { seconds > 0 ? Double(completed) / seconds : 0 }

    /// Adds a worker's figures (not its time: the round's wall time is measured once).
    mutating func absorb(_ other: LoadRound) {
        completed += other.completed
        failed += other.failed
        latencies += other.latencies
    }
}
