import Foundation
import Logging
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialStorage
import Testing

/// What the webhook dispatcher claims: the first pending delivery of each customer per endpoint, endpoints
/// taking turns, never one already leased, no further than its scan reaches; a disabled endpoint's pending
/// deliveries become dead letters.
@Suite("Webhook dispatcher: claims")
struct WebhookDispatcherTests {
    static func endpoint(_ id: String, enabled: Bool = true) -> WebhookEndpointRecord {
        WebhookEndpointRecord(
            id: id, appID: "app", url: "https://hooks.example.com/\(id)", kinds: [], isEnabled: enabled, headers: [:],
            description: "", sealedSecrets: Data(), source: "api", createdAt: Instant(milliseconds: 1), updatedAt: Instant(milliseconds: 1))
    }

    static func delivery(_ number: Int64, endpoint: String, user: String) -> NewWebhookDelivery {
        NewWebhookDelivery(
            appID: "app", endpointID: endpoint, eventSequence: number, messageID: "evt_\(number)", kind: "renewal", appUserID: user,
            body: "{}", occurredAt: Instant(milliseconds: 10), createdAt: Instant(milliseconds: 10), orderingPosition: number)
    }

    /// A dispatcher on a migrated in-memory database, sending through `transport` (by default, nowhere) with
    /// `box` opening the endpoints' secrets (by default a new one), on a clock that stands still.
    static func withDispatcher(
        scanLimit: Int = 5_000, transport: any HTTPTransport = UnreachableTransport(), settings: WebhookSettings = WebhookSettings(),
        box: SecretBox? = nil, _ body: (WebhookDispatcher, SQLLedger, FixedClock) async throws -> Void
    ) async throws {
        let database = try await PerennialDatabase.open(url: "sqlite::memory:")
        do {
            _ = try await Migrations.migrate(database)
            let ledger = SQLLedger(database: database)
            let clock = FixedClock(Instant(milliseconds: 1_000))
            let sender = WebhookDeliverySender(
                ledger: ledger, transport: transport, secrets: try box ?? SecretBox(masterKey: SecretBox.generateMasterKey()),
                urlRule: WebhookURLRule(allowsPrivateAddresses: true, resolver: NoResolver()), settings: settings,
                health: AppHealth(), clock: clock, logger: Logger(label: "test"))
            let dispatcher = WebhookDispatcher(
                ledger: ledger, sender: sender, settings: settings, clock: clock, logger: Logger(label: "test"), scanLimit: scanLimit)
            try await body(dispatcher, ledger, clock)
            await database.shutdown()
        } catch {
            await database.shutdown()
            throw error
        }
    }

    struct NoResolver: WebhookAddressResolver {
        func addresses(of host: String) async throws -> [[UInt8]] { [[127, 0, 0, 1]] }
    }

    static func record(_ ledger: SQLLedger, _ endpoints: [WebhookEndpointRecord], _ deliveries: [NewWebhookDelivery]) async throws -> [Int64] {
        try await ledger.write { session in
            for endpoint in endpoints { try await session.saveWebhookEndpoint(endpoint) }
            return try await session.recordWebhookDeliveries(deliveries)
        }
    }

    @Test func theFirstOfEachCustomersLineIsClaimedEndpointsTakingTurns() async throws {
        try await Self.withDispatcher { dispatcher, ledger, _ in
            let ids = try await Self.record(ledger, [Self.endpoint("a"), Self.endpoint("b")], [
                Self.delivery(1, endpoint: "a", user: "alice"), Self.delivery(2, endpoint: "a", user: "alice"),
                Self.delivery(3, endpoint: "a", user: "bob"), Self.delivery(4, endpoint: "a", user: "carol"),
                Self.delivery(5, endpoint: "b", user: "alice"), Self.delivery(6, endpoint: "b", user: "dave"),
            ])
            let claimed = try await dispatcher.claim(limit: 3)
            #expect(claimed.map(\.delivery.id).sorted() == [ids[0], ids[2], ids[4]], "a, b, then a again")
            #expect(claimed.allSatisfy { $0.endpoint.id == $0.delivery.delivery.endpointID })
            // The rest: heads not yet leased; alice's second waits behind her first, leased.
            #expect(try await dispatcher.claim(limit: 10).map(\.delivery.id).sorted() == [ids[3], ids[5]])
            #expect(try await dispatcher.claim(limit: 10).isEmpty)
        }
    }

    @Test func aCustomersNextDeliveryIsClaimedOnlyOnceTheFirstIsDone() async throws {
        try await Self.withDispatcher { dispatcher, ledger, clock in
            let ids = try await Self.record(ledger, [Self.endpoint("a")], [
                Self.delivery(1, endpoint: "a", user: "alice"), Self.delivery(2, endpoint: "a", user: "alice"),
            ])
            #expect(try await dispatcher.claim(limit: 5).map(\.delivery.id) == [ids[0]])
            // Retried later: the second still waits, even though it is due.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .pending, attemptedAt: clock.now(), status: 503, nextAttemptAt: Instant(milliseconds: 5_000)))
            }
            #expect(try await dispatcher.claim(limit: 5).isEmpty)
            clock.set(Instant(milliseconds: 5_000))
            #expect(try await dispatcher.claim(limit: 5).map(\.delivery.id) == [ids[0]])
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(state: .failed, attemptedAt: clock.now(), status: 400))
            }
            // A dead letter leaves the line.
            #expect(try await dispatcher.claim(limit: 5).map(\.delivery.id) == [ids[1]])
        }
    }

    /// Past the scan's reach (a long backlog), later customers wait for the earlier ones to go.
    @Test func aClaimReadsNoFurtherThanItsScanLimit() async throws {
        try await Self.withDispatcher(scanLimit: 3) { dispatcher, ledger, _ in
            let ids = try await Self.record(ledger, [Self.endpoint("a")], (1...5).map {
                Self.delivery(Int64($0), endpoint: "a", user: $0 <= 3 ? "alice" : "user\($0)")
            })
            #expect(try await dispatcher.claim(limit: 5).map(\.delivery.id) == [ids[0]])
        }
    }

    @Test func aDisabledEndpointsPendingDeliveriesBecomeDeadLetters() async throws {
        try await Self.withDispatcher { dispatcher, ledger, _ in
            let ids = try await Self.record(ledger, [Self.endpoint("a", enabled: false), Self.endpoint("b")], [
                Self.delivery(1, endpoint: "a", user: "alice"), Self.delivery(2, endpoint: "b", user: "alice"),
            ])
            #expect(try await dispatcher.claim(limit: 5).map(\.delivery.id) == [ids[1]])
            let failed = try #require(try await ledger.read { try await $0.webhookDelivery(appID: "app", id: ids[0]) })
            #expect(failed.state == .failed && failed.lastError == "endpoint_disabled")
        }
    }

    /// A delivery that cannot be signed (its endpoint's secrets do not open) is a dead letter, not an attempt
    /// made again each time its lease runs out.
    @Test func aDeliveryThatCannotBeSignedIsADeadLetter() async throws {
        try await Self.withDispatcher { dispatcher, ledger, _ in
            let ids = try await Self.record(ledger, [Self.endpoint("a")], [Self.delivery(1, endpoint: "a", user: "alice")])
            #expect(try await dispatcher.runOnce())
            let failed = try #require(try await ledger.read { try await $0.webhookDelivery(appID: "app", id: ids[0]) })
            #expect(failed.state == .failed && failed.lastError == ErrorCode.unsealFailed.rawValue)
            #expect(try await !dispatcher.runOnce())
        }
    }
}
