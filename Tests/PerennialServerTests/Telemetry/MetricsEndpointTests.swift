import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialCore
import PerennialServer
import PerennialServices
import Testing

/// `GET /metrics`: after a run against the simulator every family is there with the values the run gives,
/// labelled by route templates and closed sets (never a customer's id); a scraper from elsewhere needs the
/// token, one on the same machine does not.
@Suite("Metrics endpoint")
struct MetricsEndpointTests {
    static let token = "scrape-token-0123456789"

    static var server: ServerSettings {
        var server = TestHarness.webhookServer
        server.metrics.token = token
        return server
    }

    /// The exposition, read with `authorization` (none: no header); the status and the samples.
    static func scrape(_ client: some TestClientProtocol, authorization: String? = "Bearer \(token)") async throws -> (Int, [PrometheusSample]) {
        var headers: HTTPFields = [:]
        if let authorization { headers[.authorization] = authorization }
        return try await client.execute(uri: "/metrics", method: .get, headers: headers) { response in
            (Int(response.status.code), PrometheusSample.parse(String(buffer: response.body)))
        }
    }

    @Test func aRunAgainstTheSimulatorShowsEveryFamilyWithTheValuesItGave() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(notificationVersions: [2], server: Self.server) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                let purchase = try await harness.simulator.purchase(account: "sol", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-sol").status == 200)
                await harness.simulator.deliverDueNotifications()
                #expect(try await harness.customer("user-sol").status == 200)
                #expect(try await harness.customer("user-sol").status == 200)
                let forged = try await harness.client.execute(
                    uri: "/v1/apple/notifications/forest", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"signedPayload":"not.a.jws"}"#)) { Int($0.status.code) }
                #expect(forged >= 400)
                try await harness.deliverWebhooks()
                // A job no runner handles, due a minute ago: counted, and overdue.
                try await harness.stack.jobs.enqueue(NewJob(
                    kind: "test.unhandled", payload: Data("{}".utf8), runAt: harness.clock.now().adding(milliseconds: -60_000)))

                let (status, samples) = try await Self.scrape(harness.client)
                #expect(status == 200)
                #expect(samples.total("perennial_http_requests_total", ["route": "/v1/receipts", "method": "POST", "status": "200"]) == 1)
                #expect(samples.total("perennial_http_requests_total", ["route": "/v1/customers/{app_user_id}", "status": "200"]) == 2)
                #expect(samples.total("perennial_http_request_duration_seconds_count", ["route": "/v1/receipts", "method": "POST"]) == 1)
                #expect(samples.total("perennial_store_requests_total", ["store": "app_store", "endpoint": "POST /verifyReceipt", "outcome": "2xx"]) >= 1)
                #expect(samples.total("perennial_store_request_duration_seconds_count", ["store": "app_store"]) >= 1)
                #expect(samples.total("perennial_notifications_received_total", ["store": "app_store"]) >= 2)
                #expect(samples.total("perennial_notifications_accepted_total", ["store": "app_store", "outcome": "processed"]) >= 1)
                #expect(samples.total("perennial_notifications_rejected_total", ["store": "app_store"]) == 1)
                #expect(samples.total("perennial_verifications_total", ["kind": "app_store_notification", "outcome": "verified"]) >= 1)
                #expect(samples.total("perennial_verifications_total", ["kind": "app_store_notification"]) >= 2)
                #expect(samples.total("perennial_verifications_total", ["kind": "app_store_receipt", "outcome": "verified"]) == 1)
                #expect(samples.has("perennial_database_writes_waiting", ["database": "sqlite"]))
                // A receipt's ledger write alone is a dozen statements or more, each timed.
                #expect(samples.total("perennial_database_statement_duration_seconds_count", ["database": "sqlite"]) >= 12)
                #expect(samples.total("perennial_database_statement_duration_seconds_sum", ["database": "sqlite"]) > 0)
                #expect(samples.total("perennial_customer_cache_lookups_total", ["result": "miss"]) >= 1)
                #expect(samples.total("perennial_customer_cache_lookups_total", ["result": "hit"]) >= 1)
                #expect(samples.total("perennial_webhook_attempts_total", ["outcome": "delivered"]) >= 1)
                #expect(samples.total("perennial_webhook_delivery_lag_seconds_count") >= 1)
                #expect(samples.total("perennial_jobs", ["kind": "test.unhandled", "state": "waiting"]) == 1)
                #expect(samples.total("perennial_jobs_overdue_seconds", ["kind": "test.unhandled"]) >= 60)
                #expect(samples.total("perennial_active_subscriptions", ["app": "forest", "store": "app_store", "environment": "sandbox"]) == 1)
                #expect(samples.total("perennial_active_subscriptions", ["app": "forest", "environment": "production"]) == 0)
                // Ids never become labels: the paths held the customer's id and the transaction's.
                #expect(!samples.contains { $0.labels.values.contains { $0.contains("sol") || $0.contains(purchase.originalTransactionID) } })
            }
        }
    }

    @Test func aGaugeThatEmptiesShowsZeroRatherThanItsLastValue() async throws {
        try await TestHarness.run(server: Self.server) { harness in
            try await harness.stack.jobs.enqueue(NewJob(kind: "test.unhandled", payload: Data("{}".utf8), runAt: harness.clock.now()))
            let (_, before) = try await Self.scrape(harness.client)
            #expect(before.total("perennial_jobs", ["kind": "test.unhandled"]) == 1)
            let job = try #require(try await harness.stack.jobs.claim(kinds: ["test.unhandled"], now: harness.clock.now(), leaseMilliseconds: 1000))
            try await harness.stack.jobs.complete(jobID: job.id)
            let (_, samples) = try await Self.scrape(harness.client)
            #expect(samples.has("perennial_jobs", ["kind": "test.unhandled", "state": "waiting"]))
            #expect(samples.total("perennial_jobs", ["kind": "test.unhandled"]) == 0)
        }
    }

    @Test func aScraperFromElsewhereNeedsTheToken() async throws {
        try await TestHarness.run(server: Self.server) { harness in
            // In-process requests have no peer address: they are not from this machine.
            let (missing, _) = try await Self.scrape(harness.client, authorization: nil)
            #expect(missing == 401)
            let (wrong, _) = try await Self.scrape(harness.client, authorization: "Bearer scrape-token-0123456780")
            #expect(wrong == 401)
            let (apiKey, _) = try await Self.scrape(harness.client, authorization: "Bearer \(TestHarness.secretKey)")
            #expect(apiKey == 401)
            let (right, samples) = try await Self.scrape(harness.client)
            #expect(right == 200)
            #expect(samples.has("perennial_http_requests_total", ["route": "/metrics", "status": "401"]))
        }
    }

    @Test func aScraperOnThisMachineNeedsNoToken() async throws {
        try await TestHarness.run { harness in
            let app = Application(router: harness.stack.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                _ = try await client.execute(uri: "/health", method: .get) { $0.status }
                let (status, samples) = try await Self.scrape(client, authorization: nil)
                #expect(status == 200)
                #expect(samples.isEmpty || samples.allSatisfy { $0.name.hasPrefix("perennial_") })
                #expect(samples.total("perennial_http_requests_total", ["route": "/health", "status": "200"]) == 1)
            }
        }
    }

    @Test func offRemovesTheRoute() async throws {
        var server = ServerSettings()
        server.metrics.enabled = false
        try await TestHarness.run(server: server) { harness in
            let (status, _) = try await Self.scrape(harness.client, authorization: nil)
            #expect(status == 404)
        }
    }
}
