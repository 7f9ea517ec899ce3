import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialSimulator
import PerennialStorage

/// `webhooks`: notifications-http again, with one webhook endpoint (a loopback receiver answering 200 at
/// once) and the webhook runner sending; reports that series (`notifications-http-webhooks-<db>`, to set
/// beside notifications-http of the same run), the deliveries per second from the first event recorded to
/// the last delivery, and the time from an event's recording (its write commits just after) to its first
/// arrival, p50 and p99.
struct WebhookBenchmark: Sendable {
    let options: BenchmarkOptions
    let logger: Logger

    func run(
        label: String, server: BenchServer, measureNotifications: (_ name: String) async throws -> BenchmarkResult,
        progress: @Sendable (String) -> Void
    ) async throws -> [BenchmarkResult] {
        let receiver = try await BenchWebhookReceiver.start()
        let app = try server.stack.apps.configuredApp(id: BenchApp.id)
        let endpoint = try await server.stack.webhooks.create(
            app: app, WebhookEndpointInput(url: "http://127.0.0.1:\(receiver.port)/hooks", description: "perennial-bench"))
        let settings = server.stack.webhookSettings
        let runner = Task { await server.stack.webhookRunner.run(interval: settings.pollInterval, workers: settings.workers) }
        let ledger = SQLLedger(database: server.stack.database)
        let feedStart = try await lastFeedPosition(ledger)
        do {
            progress("webhooks-\(label): notifications-http with an endpoint")
            let notifications = try await measureNotifications("notifications-http-webhooks-\(label)")
            progress("webhooks-\(label): waiting for the deliveries to drain")
            let drained = try await drain(ledger, endpointID: endpoint.record.id, receiver: receiver)
            if !drained { progress("webhooks-\(label): deliveries still pending after 5 minutes; figures cover what arrived") }
            runner.cancel()
            await runner.value
            let result = try await figures(label: label, ledger: ledger, after: feedStart, receiver: receiver)
            try await server.stack.webhooks.delete(app: app, id: endpoint.record.id)
            await TimeLimit.run("webhooks-\(label): stopping the receiver", progress: progress) { await receiver.stop() }
            return [notifications, result]
        } catch {
            runner.cancel()
            await TimeLimit.run("webhooks-\(label): stopping the receiver", progress: progress) { await receiver.stop() }
            throw error
        }
    }

    /// Waits until the endpoint has no pending delivery (at most 5 minutes); whether it got there.
    private func drain(_ ledger: SQLLedger, endpointID: String, receiver: BenchWebhookReceiver) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            let pending = try await ledger.read {
                try await $0.webhookDeliveries(appID: BenchApp.id, endpointID: endpointID, state: .pending, before: nil, limit: 1)
            }
            if pending.isEmpty { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return false
    }

    private func lastFeedPosition(_ ledger: SQLLedger) async throws -> Int64 {
        var position: Int64 = 0
        while true {
            let cursor = position
            let page = try await ledger.read { try await $0.eventFeed(appID: BenchApp.id, after: cursor, limit: 10_000) }
            guard let last = page.last?.feedPosition else { return position }
            position = last
        }
    }

    private func figures(label: String, ledger: SQLLedger, after start: Int64, receiver: BenchWebhookReceiver) async throws -> BenchmarkResult {
        let arrivals = receiver.arrivals.first
        var latencies: [Double] = []
        var firstRecorded = Int64.max, lastArrival = Int64.min
        var position = start
        while true {
            let cursor = position
            let page = try await ledger.read { try await $0.eventFeed(appID: BenchApp.id, after: cursor, limit: 10_000) }
            guard let last = page.last?.feedPosition else { break }
            position = last
            for event in page {
                firstRecorded = min(firstRecorded, event.recordedAt.milliseconds)
                guard let arrived = arrivals[event.publicID] else { continue }
                latencies.append(Double(max(0, arrived - event.recordedAt.milliseconds)))
                lastArrival = max(lastArrival, arrived)
            }
        }
        // Nothing arrived: no span to divide by (and `lastArrival - firstRecorded` would overflow).
        let seconds = latencies.isEmpty ? 1 : max(Double(lastArrival - firstRecorded) / 1000, 0.001)
        let sorted = latencies.sorted()
        return BenchmarkResult(
            name: "webhooks-\(label)", operationsPerSecond: latencies.isEmpty ? 0 : Double(latencies.count) / seconds,
            p50Milliseconds: sorted.isEmpty ? nil : Statistics.percentile(0.50, ofSorted: sorted),
            p99Milliseconds: sorted.isEmpty ? nil : Statistics.percentile(0.99, ofSorted: sorted),
            peakMemoryMegabytes: MemoryProbe.peakMegabytes(), unit: "delivery")
    }
}
