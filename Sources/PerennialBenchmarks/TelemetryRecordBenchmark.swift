import PerennialServices
import Prometheus
import Synchronization

/// `telemetry-record`: what one customer read records in the metrics (its request counted and timed by
/// route, method and status, and a customer-cache lookup), into a Prometheus registry as `perennial serve`
/// keeps it, on one task. Its inverse is the time metrics add to a request, free of the machine's load
/// that the HTTP benchmarks' on/off comparison cannot separate from it. Beside it, what timing one
/// database statement costs, done as the database's `StatementTiming` does it: two clock readings, the
/// telemetry read under its lock, a histogram record.
struct TelemetryRecordBenchmark: Sendable {
    let telemetry = Telemetry(factory: PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()))

    /// Requests recorded per second, then statements timed per second.
    func run(options: BenchmarkOptions) async -> [BenchmarkResult] {
        let routes = ["/v1/customers/{app_user_id}", "/v1/receipts", "/health", "/v1/admin/customers/{app_user_id}"]
        var index = 0
        let requests = await RoundTimer.operationsPerSecond(seconds: options.seconds, rounds: options.rounds) {
            index &+= 1
            telemetry.request(route: routes[index & 3], method: "GET", status: 200, duration: .microseconds(index & 1023))
            telemetry.customerCacheLookup(hit: index & 1 == 0)
            return 1
        }
        let shared = Mutex(telemetry)
        let statements = await RoundTimer.operationsPerSecond(seconds: options.seconds, rounds: options.rounds) {
            let started = ContinuousClock.now
            let telemetry = shared.withLock { $0 }
            telemetry.databaseStatement(database: "sqlite", duration: ContinuousClock.now - started)
            return 1
        }
        return [
            BenchmarkResult(name: BenchmarkName.telemetryRecord.rawValue, operationsPerSecond: requests, unit: "request"),
            BenchmarkResult(name: BenchmarkName.telemetryRecord.rawValue + " (statement)", operationsPerSecond: statements, unit: "statement"),
        ]
    }
}
