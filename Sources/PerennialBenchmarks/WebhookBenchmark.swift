import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialSimulator
import PerennialStorage

/// `webhooks`: notifications-http with one webhook endpoint (a loopback receiver answering 200 at once) and
/// the webhook dispatcher sending (`notifications-http-webhooks-<db>`), its rounds taken in turn with those of
/// the same server with the endpoint disabled and the dispatcher stopped (`notifications-http-no-endpoint-<db>`),
/// so the ratio of the two compares rounds seconds apart; then, as `webhooks-<db>`, the deliveries per second
/// of the backlog the rounds left, sent with nothing else running, and the time from an event's recording (its
/// write commits just after) to its first arrival, p50 and p99 (the dispatcher's pauses during the rounds without
/// the endpoint included). With `webhooksSendAfter`, the dispatcher starts only once the rounds are over: the
/// series then shows the cost of recording deliveries alone.
struct WebhookBenchmark: Sendable {
    let options: BenchmarkOptions
    let logger: Logger

    func run(
        label: String, server: BenchServer,
        measureNotifications: (_ names: [String], _ prepare: @Sendable (Int) async throws -> Void) async throws -> [BenchmarkResult],
        progress: @Sendable (String) -> Void
    ) async throws -> [BenchmarkResult] {
        let receiver = try await BenchWebhookReceiver.start()
        let app = try server.stack.apps.configuredApp(id: BenchApp.id)
        let endpoint = try await server.stack.webhooks.create(
            app: app, WebhookEndpointInput(url: "http://127.0.0.1:\(receiver.port)/hooks", description: "perennial-bench"))
        let dispatcher = WebhookDispatcherSwitch(stack: server.stack)
        let ledger = SQLLedger(database: server.stack.database)
        let feedStart = try await lastFeedPosition(ledger)
        let (webhooks, sendAfter) = (server.stack.webhooks, options.webhooksSendAfter)
        do {
            progress("webhooks-\(label): notifications-http with an endpoint, in turn with it disabled")
            let notifications = try await measureNotifications(
                ["notifications-http-no-endpoint-\(label)", "notifications-http-webhooks-\(label)"]
            ) { series in
                let enabled = series == 1
                if !enabled { await dispatcher.stop() }
                _ = try await webhooks.update(app: app, id: endpoint.record.id, WebhookEndpointInput(isEnabled: enabled))
                if enabled, !sendAfter { await dispatcher.start() }
            }
            progress("webhooks-\(label): waiting for the deliveries to drain")
            let drainStarted = SystemClock().now().milliseconds
            await dispatcher.start()
            let drained = try await drain(ledger, endpointID: endpoint.record.id, receiver: receiver)
            if !drained { progress("webhooks-\(label): deliveries still pending after 5 minutes; figures cover what arrived") }
            await dispatcher.stop()
            let (result, duringRounds, delivered) = try await figures(
                label: label, ledger: ledger, after: feedStart, drainStarted: drainStarted, receiver: receiver)
            progress("webhooks-\(label): \(duringRounds) of \(delivered) deliveries arrived during the rounds, the rest in the drain")
            try await server.stack.webhooks.delete(app: app, id: endpoint.record.id)
            await TimeLimit.run("webhooks-\(label): stopping the receiver", progress: progress) { await receiver.stop() }
            return notifications + [result]
        } catch {
            await dispatcher.stop()
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

    private func figures(
        label: String, ledger: SQLLedger, after start: Int64, drainStarted: Int64, receiver: BenchWebhookReceiver
    ) async throws -> (BenchmarkResult, duringRounds: Int, delivered: Int) {
        let arrivals = receiver.arrivals.first
        var latencies: [Double] = []
        var drained = 0, delivered = 0, firstArrival = Int64.max, lastArrival = Int64.min
        var position = start
        while true {
            let cursor = position
            let page = try await ledger.read { try await $0.eventFeed(appID: BenchApp.id, after: cursor, limit: 10_000) }
            guard let last = page.last?.feedPosition else { break }
            position = last
            for event in page {
                guard let arrived = arrivals[event.publicID] else { continue }
                delivered += 1
                latencies.append(Double(max(0, arrived - event.recordedAt.milliseconds)))
                if arrived >= drainStarted { drained += 1 }
                (firstArrival, lastArrival) = (min(firstArrival, arrived), max(lastArrival, arrived))
            }
        }
        // The drain's rate; when the dispatcher kept up and nothing was left to drain (short rounds), the rate
        // over the span of the arrivals, a lower bound of what it can send.
        let (count, from) = drained > 0 ? (drained, drainStarted) : (delivered, firstArrival)
        let seconds = count == 0 ? 1 : max(Double(lastArrival - from) / 1000, 0.001)
        let sorted = latencies.sorted()
        let result = BenchmarkResult(
            name: "webhooks-\(label)", operationsPerSecond: Double(count) / seconds,
            p50Milliseconds: sorted.isEmpty ? nil : Statistics.percentile(0.50, ofSorted: sorted),
            p99Milliseconds: sorted.isEmpty ? nil : Statistics.percentile(0.99, ofSorted: sorted),
            peakMemoryMegabytes: MemoryProbe.peakMegabytes(), unit: "delivery")
        return (result, delivered - drained, delivered)
    }
}
