import PerennialCore

/// `engine-replay`: rebuild every customer's subscription state from its facts, as a replay of the
/// ledger does once the facts are loaded: `SubscriptionEngine.state(transactions:renewalInfos:at:)` per
/// subscription, on one core. Reported in transactions per second, at 10,000 customers and at
/// `options.customers` (100,000), to show the cost is linear.
struct EngineReplayBenchmark: Sendable {
    /// Transactions folded per second at each size.
    func run(options: BenchmarkOptions) async throws -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        let sizes = Array(Set([min(10_000, options.customers), options.customers])).sorted()
        for customers in sizes {
            let now = SystemClock().now()
            let facts = BenchFacts(now: now)
            let histories = (0..<customers).map { facts.facts(ofCustomer: $0) }
            let engine = SubscriptionEngine(catalog: BenchApp.catalog)
            let transactions = histories.reduce(0) { $0 + $1.transactions.count }
            let rate = try await RoundTimer.operationsPerSecond(seconds: options.seconds / 2, rounds: options.rounds) {
                var folded = 0
                for history in histories {
                    if engine.state(transactions: history.transactions, renewalInfos: [history.renewal], at: now) != nil {
                        folded += 1
                    }
                }
                guard folded == customers else { throw BenchmarkError("engine-replay folded \(folded) of \(customers)") }
                return transactions
            }
            let name = customers == options.customers ? BenchmarkName.engineReplay.rawValue : "\(BenchmarkName.engineReplay.rawValue)@\(customers)"
            results.append(BenchmarkResult(name: name, operationsPerSecond: rate, unit: "transaction"))
        }
        return results
    }
}
