import Foundation
import Logging
import PerennialCore
import PerennialOutbound
@testable import PerennialServices
import PerennialStorage
import Synchronization
import Testing

/// The dispatcher's loop (`WebhookDispatcher.run`): it sends every due delivery, each customer's in the
/// order recorded, claiming ahead of its workers; a shutdown gives back what it claimed and did not send.
@Suite("Webhook dispatcher: the loop")
struct WebhookDispatchLoopTests {
    /// A receiver that answers 200 after `delay`, noting the message ids in the order they arrive, and how
    /// many requests were in flight at most.
    final class Receiver: HTTPTransport, Sendable {
        private let state = Mutex<(arrived: [String], inFlight: Int, mostInFlight: Int)>(([], 0, 0))
        let delay: Duration

        init(delay: Duration = .zero) {
            self.delay = delay
        }

        var arrived: [String] { state.withLock { $0.arrived } }
        var mostInFlight: Int { state.withLock { $0.mostInFlight } }

        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            state.withLock {
                $0.inFlight += 1
                $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
            }
            defer { state.withLock { $0.inFlight -= 1 } }
            try await Task.sleep(for: delay)
            let id = request.headers.first { $0.name == "webhook-id" }?.value ?? ""
            state.withLock { $0.arrived.append(id) }
            return HTTPTransportResponse(status: 200, headers: [], body: [])
        }
    }

    /// The dispatcher of `WebhookDispatcherTests.withDispatcher`, sending to `receiver` with `workers`, and
    /// one endpoint, `a`, whose secrets it can open.
    static func withDispatcher(
        _ receiver: Receiver, workers: Int, _ body: (WebhookDispatcher, SQLLedger, FixedClock) async throws -> Void
    ) async throws {
        let box = try SecretBox(masterKey: SecretBox.generateMasterKey())
        var endpoint = WebhookDispatcherTests.endpoint("a")
        endpoint.sealedSecrets = try WebhookSecretSet(current: .generate()).sealed(with: box)
        let settings = WebhookSettings(workers: workers, pollInterval: .milliseconds(10))
        try await WebhookDispatcherTests.withDispatcher(transport: receiver, settings: settings, box: box) { dispatcher, ledger, clock in
            try await ledger.write { [endpoint] in try await $0.saveWebhookEndpoint(endpoint) }
            try await body(dispatcher, ledger, clock)
        }
    }

    static func pending(_ ledger: SQLLedger) async throws -> [WebhookDeliveryRecord] {
        try await ledger.read {
            try await $0.webhookDeliveries(appID: "app", endpointID: "a", state: .pending, before: nil, limit: 1_000)
        }
    }

    /// Waits (at most three minutes: in a full parallel run on two cores, forty deliveries once took more than
    /// one, where alone they take a tenth of a second) until `condition` holds.
    static func eventually(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(180)
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func everyDeliveryIsSentEachCustomersInOrderWithNoMoreAtOnceThanTheWorkers() async throws {
        let receiver = Receiver(delay: .milliseconds(1))
        try await Self.withDispatcher(receiver, workers: 3) { dispatcher, ledger, _ in
            // Five customers, eight deliveries each, recorded interleaved.
            let deliveries = (1...40).map { number in
                WebhookDispatcherTests.delivery(Int64(number), endpoint: "a", user: "user\(number % 5)")
            }
            _ = try await WebhookDispatcherTests.record(ledger, [], deliveries)
            let running = Task { await dispatcher.run() }
            try await Self.eventually { try await Self.pending(ledger).isEmpty }
            running.cancel()
            await running.value
            let arrived = receiver.arrived
            #expect(arrived.count == 40 && Set(arrived).count == 40, "each once")
            for user in 0..<5 {
                let line = deliveries.filter { $0.appUserID == "user\(user)" }.map(\.messageID)
                #expect(arrived.filter(line.contains) == line, "user\(user)'s in the order recorded")
            }
            #expect(receiver.mostInFlight <= 3)
        }
    }

    /// Stopped while attempts are under way and more are claimed: what was sent is recorded, the rest goes
    /// back at once (the clock stands still here, so no lease runs out by itself).
    @Test func aShutdownGivesBackWhatWasClaimedAndNotSent() async throws {
        let receiver = Receiver(delay: .milliseconds(200))
        try await Self.withDispatcher(receiver, workers: 2) { dispatcher, ledger, clock in
            _ = try await WebhookDispatcherTests.record(ledger, [], (1...20).map {
                WebhookDispatcherTests.delivery(Int64($0), endpoint: "a", user: "user\($0)")
            })
            let running = Task { await dispatcher.run() }
            // Claimed ahead of the two workers: every one leased.
            try await Self.eventually {
                let leased = try await ledger.read {
                    try await $0.pendingWebhookDeliveries(appID: "app", endpointID: "a", after: 0, limit: 100)
                }.filter { !$0.isFree(at: clock.now()) }
                return leased.count == 20 && receiver.mostInFlight == 2
            }
            running.cancel()
            await running.value
            let pending = try await Self.pending(ledger)
            #expect(pending.count == 20 - receiver.arrived.count)
            #expect(pending.count >= 16, "two workers, one attempt each at most, none finished")
            #expect(try await dispatcher.claim(limit: 20).count == pending.count, "every one unsent is claimable again")
        }
    }

    @Test func claimsRunAheadOfTheWorkersAsFarAsTheirLeasesAllow() {
        // Quick attempts: many per worker, up to the cap.
        #expect(WebhookDispatchLoop.ahead(workers: 8, averageAttemptSeconds: 0.001) == 8 * WebhookDispatchLoop.mostAheadPerWorker)
        // Two-second attempts: what each worker can start within the 25 s a lease leaves.
        #expect(WebhookDispatchLoop.ahead(workers: 8, averageAttemptSeconds: 2) == 8 * 12)
        // Slower than the lease: one each.
        #expect(WebhookDispatchLoop.ahead(workers: 8, averageAttemptSeconds: 60) == 8)
    }
}
