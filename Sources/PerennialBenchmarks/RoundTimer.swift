/// Times an operation in rounds and reports the median rate, after a warm-up round that is not counted.
enum RoundTimer {
    /// Repeats `step` (which performs some operations and returns how many) for `seconds`, split in
    /// `rounds`, and returns the median of the rounds' operations per second.
    static func operationsPerSecond(
        seconds: Double, rounds: Int, warmUpSeconds: Double? = nil, _ step: () async throws -> Int
    ) async rethrows -> Double {
        let rounds = max(rounds, 1)
        let roundSeconds = max(seconds / Double(rounds), 0.01)
        _ = try await rate(seconds: warmUpSeconds ?? min(roundSeconds, 1), step)
        var rates: [Double] = []
        for _ in 0..<rounds {
            rates.append(try await rate(seconds: roundSeconds, step))
        }
        return Statistics.median(rates)
    }

    /// Operations per second of one round.
    static func rate(seconds: Double, _ step: () async throws -> Int) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
        var operations = 0
        repeat {
            operations += try await step()
        } while clock.now < deadline
        return Double(operations) / Statistics.seconds(clock.now - start)
    }
}
