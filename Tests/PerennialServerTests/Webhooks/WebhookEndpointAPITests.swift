import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialServer
import PerennialServices
import Synchronization
import Testing

/// The webhook admin API's validation and safety, and the event feed's cursor and long poll: endpoints are
/// refused when malformed or pointing inside the network (private addresses only when the configuration
/// allows them, link-local never), changed field by field, removed; a receiver cannot redirect Perennial nor
/// hold it with a huge answer.
@Suite("Webhooks: the endpoint API and the event feed")
struct WebhookEndpointAPITests {
    /// Creates an endpoint with these fields; the status and the answer.
    static func create(_ harness: TestHarness, _ json: [String: any Sendable]) async throws -> (status: Int, body: JSONObject) {
        try await harness.admin(.post, "/v1/admin/webhooks", json: json)
    }

    /// Expects a refusal with this status and code; the error's message.
    @discardableResult
    static func expectError(
        _ answer: (status: Int, body: JSONObject), _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        #expect(answer.status == status, "\(answer.body)", sourceLocation: sourceLocation)
        #expect(answer.body["error"]["code"].string == code, "\(answer.body)", sourceLocation: sourceLocation)
        return answer.body["error"]["message"].string ?? ""
    }

    // MARK: Validation

    @Test func malformedEndpointsAreRefusedAndNothingIsSaved() async throws {
        try await TestHarness.run { harness in
            Self.expectError(try await Self.create(harness, ["description": "no url"]), 400, "invalid_webhook_endpoint")
            let kind = try await Self.create(harness, ["url": "https://93.184.216.34/x", "kinds": ["renewal", "renewed_maybe"]])
            #expect(Self.expectError(kind, 400, "invalid_webhook_endpoint").contains("renewed_maybe"), "the message names the kind: \(kind.body)")
            for name in ["webhook-signature", "Content-Type", "Webhook-Id", "host"] {
                let header = try await Self.create(harness, ["url": "https://93.184.216.34/x", "headers": [name: "mine"]])
                #expect(Self.expectError(header, 400, "invalid_webhook_endpoint").contains(name), "\(name): \(header.body)")
            }
            for headers in [["X-Team": "a\r\nX-Evil: 1"], ["X Team": "a"], ["X-Team:": "a"], ["": "a"]] {
                Self.expectError(try await Self.create(harness, ["url": "https://93.184.216.34/x", "headers": headers]), 400, "invalid_webhook_endpoint")
            }
            for url in ["https://user:pw@example.com/", "https://user@example.com/", "ftp://example.com/x", "/relative/path", "https://example.com/x#frag", ""] {
                Self.expectError(try await Self.create(harness, ["url": url]), 400, "invalid_webhook_endpoint")
            }
            let list = try await harness.admin(.get, "/v1/admin/webhooks")
            #expect(list.status == 200 && list.body["endpoints"].array.isEmpty, "\(list.body)")

            // A well-formed one to a public address is taken, with its secret shown once.
            let created = try await Self.create(
                harness, ["url": "https://93.184.216.34/x", "kinds": ["renewal", "expiration"], "headers": ["X-Team": "forest"]])
            #expect(created.status == 201, "\(created.body)")
            #expect(created.body["secret"].string?.hasPrefix("whsec_") == true)
            #expect(created.body["kinds"].array.map(\.string) == ["expiration", "renewal"])
            #expect(created.body["header_names"].array.map(\.string) == ["X-Team"])
            #expect(try await harness.admin(.get, "/v1/admin/webhooks").body["endpoints"].array.count == 1)
        }
    }

    @Test func urlsInsideTheNetworkAreRefusedUnlessAllowedAndLinkLocalAlways() async throws {
        // The default configuration: only internet addresses, over https.
        try await TestHarness.run(server: ServerSettings()) { harness in
            for url in [
                "http://93.184.216.34/x", "https://127.0.0.1/x", "http://[::1]:1/x", "https://localhost/x", "https://10.0.0.8/x",
                "https://192.168.1.1/x", "https://[::ffff:127.0.0.1]/x", "https://0.0.0.0/x", "https://2130706433/x",
                "http://169.254.169.254/latest/meta-data",
            ] {
                Self.expectError(try await Self.create(harness, ["url": url]), 400, "webhook_url_refused")
            }
            #expect(try await harness.admin(.get, "/v1/admin/webhooks").body["endpoints"].array.isEmpty)
        }
        // Private addresses allowed: loopback and private pass; link-local (metadata services), reserved
        // addresses and plain http off the machine still do not.
        try await TestHarness.run(server: TestHarness.webhookServer) { harness in
            for url in [
                "http://169.254.169.254/latest/meta-data", "https://169.254.169.254/latest/meta-data", "http://[fe80::1]/x",
                "http://[::ffff:169.254.169.254]/x", "http://93.184.216.34/x", "http://10.0.0.8/x", "https://0.0.0.0/x", "https://224.0.0.1/x",
            ] {
                Self.expectError(try await Self.create(harness, ["url": url]), 400, "webhook_url_refused")
            }
            for url in ["http://[::1]:1/x", "https://127.0.0.1/x", "http://127.0.0.1:9/x", "https://10.0.0.8/x"] {
                let created = try await Self.create(harness, ["url": url])
                #expect(created.status == 201, "\(url): \(created.body)")
            }
        }
    }

    @Test func aPatchChangesOnlyTheFieldsGiven() async throws {
        try await TestHarness.run { harness in
            let created = try await Self.create(harness, [
                "url": "https://93.184.216.34/a", "kinds": ["renewal"], "headers": ["X-Team": "forest"], "description": "first",
            ])
            try #require(created.status == 201, "\(created.body)")
            let id = try #require(created.body["id"].string)
            let path = "/v1/admin/webhooks/\(id)"

            let described = try await harness.admin(.patch, path, json: ["description": "second"])
            #expect(described.status == 200, "\(described.body)")
            #expect(described.body["description"].string == "second")
            #expect(described.body["url"].string == "https://93.184.216.34/a")
            #expect(described.body["kinds"].array.map(\.string) == ["renewal"])
            #expect(described.body["header_names"].array.map(\.string) == ["X-Team"])
            #expect(described.body["enabled"].bool == true)
            #expect(described.body["secret"].isNull, "a change does not show the secret")

            let disabled = try await harness.admin(.patch, path, json: ["enabled": false])
            #expect(disabled.body["enabled"].bool == false && disabled.body["description"].string == "second", "\(disabled.body)")
            #expect(disabled.body["url"].string == "https://93.184.216.34/a")

            let moved = try await harness.admin(.patch, path, json: ["url": "https://93.184.216.34/b", "kinds": ["expiration", "renewal"]])
            #expect(moved.body["url"].string == "https://93.184.216.34/b", "\(moved.body)")
            #expect(moved.body["kinds"].array.map(\.string) == ["expiration", "renewal"])
            #expect(moved.body["enabled"].bool == false && moved.body["description"].string == "second")
            #expect(moved.body["header_names"].array.map(\.string) == ["X-Team"])

            // A refused change changes nothing.
            Self.expectError(try await harness.admin(.patch, path, json: ["url": "https://127.0.0.1/x", "description": "third"]), 400, "webhook_url_refused")
            Self.expectError(try await harness.admin(.patch, path, json: ["headers": ["Webhook-Signature": "v1,x"], "description": "third"]), 400, "invalid_webhook_endpoint")
            let read = try await harness.admin(.get, path)
            #expect(read.status == 200)
            #expect(read.body["url"].string == "https://93.184.216.34/b" && read.body["description"].string == "second", "\(read.body)")
            #expect(read.body["header_names"].array.map(\.string) == ["X-Team"])
            #expect(read.body["secret"].isNull)

            Self.expectError(try await harness.admin(.patch, "/v1/admin/webhooks/whep_nosuchendpoint", json: ["description": "x"]), 404, "webhook_endpoint_not_found")
        }
    }

    @Test func aDeletedEndpointIsGoneAndOddIDsAreNoEndpoint() async throws {
        try await TestHarness.run { harness in
            let created = try await Self.create(harness, ["url": "https://93.184.216.34/x"])
            let id = try #require(created.body["id"].string)
            #expect(try await harness.admin(.get, "/v1/admin/webhooks/\(id)").status == 200)
            let deleted = try await harness.admin(.delete, "/v1/admin/webhooks/\(id)")
            #expect(deleted.status == 204)
            Self.expectError(try await harness.admin(.get, "/v1/admin/webhooks/\(id)"), 404, "webhook_endpoint_not_found")
            Self.expectError(try await harness.admin(.delete, "/v1/admin/webhooks/\(id)"), 404, "webhook_endpoint_not_found")
            Self.expectError(try await harness.admin(.post, "/v1/admin/webhooks/\(id)/test"), 404, "webhook_endpoint_not_found")
            #expect(try await harness.admin(.get, "/v1/admin/webhooks").body["endpoints"].array.isEmpty)

            let kept = try #require(try await Self.create(harness, ["url": "https://93.184.216.34/y"]).body["id"].string)
            let long = String(repeating: "a", count: 65)
            for odd in ["%00", "whep_%00x", "wh%C3%A9p", "whep%20x", "whep_'%3B--", "%E2%80%AE" + String(kept.dropFirst()), long, kept.uppercased()] {
                for (method, suffix) in [(HTTPRequest.Method.get, ""), (.delete, ""), (.get, "/deliveries"), (.post, "/test")] {
                    Self.expectError(try await harness.admin(method, "/v1/admin/webhooks/\(odd)\(suffix)"), 404, "webhook_endpoint_not_found")
                }
            }
            // Bytes that are not UTF-8 at all are refused before any route reads them.
            Self.expectError(try await harness.admin(.get, "/v1/admin/webhooks/%FF%FE"), 400, "invalid_path")
            #expect(try await harness.admin(.get, "/v1/admin/webhooks/\(kept)").status == 200, "the odd requests touched nothing")
        }
    }

    @Test func theWebhookAPIAndTheFeedNeedTheSecretKey() async throws {
        try await TestHarness.run { harness in
            let created = try await Self.create(harness, ["url": "https://93.184.216.34/x"])
            let id = try #require(created.body["id"].string)
            let calls: [(HTTPRequest.Method, String, [String: Any]?)] = [
                (.post, "/v1/admin/webhooks", ["url": "https://93.184.216.34/z"]), (.get, "/v1/admin/webhooks", nil),
                (.get, "/v1/admin/webhooks/\(id)", nil), (.patch, "/v1/admin/webhooks/\(id)", ["description": "x"]),
                (.delete, "/v1/admin/webhooks/\(id)", nil), (.post, "/v1/admin/webhooks/\(id)/rotate-secret", nil),
                (.post, "/v1/admin/webhooks/\(id)/test", nil), (.get, "/v1/admin/webhooks/\(id)/deliveries", nil),
                (.get, "/v1/admin/events", nil),
            ]
            for (method, path, json) in calls {
                let answer = try await AppUserIDRouteTests.request(harness, method, path, key: TestHarness.publicKey, json: json)
                #expect(answer.status == 403 && answer.body["error"]["code"].string == "secret_key_required", "\(method) \(path): \(answer.status) \(answer.body)")
            }
            let endpoints = try await harness.admin(.get, "/v1/admin/webhooks").body["endpoints"].array
            #expect(endpoints.count == 1 && endpoints.first?["description"].string == "", "nothing changed: \(endpoints)")
        }
    }

    // MARK: Receivers that misbehave

    /// Counts what a tiny live server took.
    final class Hits: Sendable {
        let count = Mutex(0)
        let headers = Mutex<[String: String]>([:])
        func add(_ fields: HTTPFields) {
            count.withLock { $0 += 1 }
            headers.withLock { stored in
                stored = [:]
                for field in fields { stored[field.name.canonicalName] = field.value }
            }
        }
        var value: Int { count.withLock { $0 } }
        /// The last request's headers, by lowercased name.
        var lastHeaders: [String: String] { headers.withLock { $0 } }
    }

    /// Runs `body` with a live server on 127.0.0.1 answering every POST with `answer`; its URL and its hits.
    static func withServer(
        answering answer: @escaping @Sendable () -> Response, _ body: @Sendable (String, Hits) async throws -> Void
    ) async throws {
        let hits = Hits()
        let router = Router(context: BasicRequestContext.self)
        router.post("**") { request, _ -> Response in
            _ = try await request.body.collect(upTo: 1 << 20)
            hits.add(request.headers)
            return answer()
        }
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(client.port!)/hooks", hits)
        }
    }

    @Test func aRedirectIsNotFollowedAndTheDeliveryIsADeadLetter() async throws {
        try await TestHarness.withReceiver { receiver, receiverURL in
            try await Self.withServer(answering: { Response(status: .found, headers: [.location: receiverURL]) }) { redirectURL, hits in
                try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                    let endpoint = try await harness.registerEndpoint(redirectURL, receiver: receiver)
                    let purchase = try await harness.simulator.purchase(account: "ida", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                    #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-ida").status == 200)
                    try await harness.deliverWebhooks()
                    // Later moments bring nothing more: a dead letter is not retried.
                    _ = await harness.simulator.advanceClock(by: .seconds(3600))
                    try await harness.deliverWebhooks()

                    #expect(hits.value == 1, "the redirecting server was asked once")
                    #expect(await receiver.deliveries.isEmpty, "the redirect was not followed")
                    let failed = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries?state=failed")
                    let letters = failed.body["deliveries"].array
                    #expect(letters.count == 1, "\(failed.body)")
                    #expect(letters.first?["last_error"].string == "redirect_not_followed", "\(failed.body)")
                    #expect(letters.first?["last_status"].int == 302, "\(failed.body)")
                    #expect(letters.first?["attempts"].int == 1)
                    #expect(letters.first?["type"].string == "initial_purchase")
                    let all = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries")
                    #expect(all.body["deliveries"].array.count == 1, "\(all.body)")
                }
            }
        }
    }

    @Test func aHugeAnswerIsReadOnlyInPartAndTheDeliveryCounts() async throws {
        let size = 1 << 20
        try await Self.withServer(answering: {
            Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "x"), count: size)))
        }) { url, hits in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let endpoint = try await harness.registerEndpoint(url, receiver: WebhookReceiver(secrets: []))
                let sent = try await harness.admin(.post, "/v1/admin/webhooks/\(endpoint.id)/test")
                #expect(sent.status == 202, "\(sent.body)")
                try await harness.deliverWebhooks()
                #expect(hits.value == 1)
                let log = try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)/deliveries")
                let delivery = try #require(log.body["deliveries"].array.first, "\(log.body)")
                #expect(delivery["state"].string == "delivered", "\(log.body)")
                #expect(delivery["last_status"].int == 200)
                #expect(delivery["last_error"].isNull, "\(log.body)")
                #expect(delivery["type"].string == "test")
                #expect(try await harness.admin(.get, "/v1/admin/webhooks/\(endpoint.id)").body["failing_since"].isNull)
                let headers = hits.lastHeaders
                #expect(headers["webhook-id"] == delivery["event_id"].string, "\(headers)")
                #expect(headers["webhook-signature"]?.hasPrefix("v1,") == true, "\(headers)")
                #expect(headers["content-type"] == "application/json")
            }
        }
    }

    @Test func anEndpointsExtraHeadersAreSentBesideTheSignature() async throws {
        try await Self.withServer(answering: { Response(status: .noContent) }) { url, hits in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let created = try await Self.create(harness, ["url": url, "headers": ["X-Team": "forest", "Authorization": "Bearer team-token"]])
                try #require(created.status == 201, "\(created.body)")
                let id = try #require(created.body["id"].string)
                #expect(created.body["header_names"].array.map(\.string) == ["Authorization", "X-Team"])
                #expect(!created.body.description.contains("team-token"), "header values are not shown")
                #expect(try await harness.admin(.post, "/v1/admin/webhooks/\(id)/test").status == 202)
                try await harness.deliverWebhooks()
                #expect(hits.value == 1)
                let headers = hits.lastHeaders
                #expect(headers["x-team"] == "forest" && headers["authorization"] == "Bearer team-token", "\(headers)")
                #expect(headers["user-agent"] == "Perennial-Webhooks/1", "\(headers)")
                #expect(headers["webhook-timestamp"].flatMap { Int64($0) } != nil, "\(headers)")
                let log = try await harness.admin(.get, "/v1/admin/webhooks/\(id)/deliveries")
                #expect(log.body["deliveries"][0]["state"].string == "delivered" && log.body["deliveries"][0]["last_status"].int == 204, "\(log.body)")
                #expect(!log.body.description.contains("team-token"))
            }
        }
    }

    @Test func deliveriesOwedToADisabledOrRemovedEndpointAreNotSent() async throws {
        try await TestHarness.withReceiver { receiver, url in
            try await TestHarness.run(server: TestHarness.webhookServer) { harness in
                let disabled = try await harness.registerEndpoint(url, receiver: receiver)
                let removed = try #require(try await Self.create(harness, ["url": url]).body["id"].string)
                let purchase = try await harness.simulator.purchase(account: "lea", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-lea").status == 200)
                let pending = try await harness.admin(.get, "/v1/admin/webhooks/\(disabled.id)/deliveries?state=pending")
                #expect(pending.body["deliveries"].array.count == 1, "\(pending.body)")

                #expect(try await harness.admin(.patch, "/v1/admin/webhooks/\(disabled.id)", json: ["enabled": false]).status == 200)
                #expect(try await harness.admin(.delete, "/v1/admin/webhooks/\(removed)").status == 204)
                try await harness.deliverWebhooks()
                let none = await receiver.deliveries
                #expect(none.isEmpty, "\(none.map(\.body))")
                let failed = try await harness.admin(.get, "/v1/admin/webhooks/\(disabled.id)/deliveries?state=failed")
                #expect(failed.body["deliveries"].array.map { $0["last_error"].string } == ["endpoint_disabled"], "\(failed.body)")

                // While it is disabled, new events make no deliveries for it; enabled again, it gets the next ones.
                _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
                await harness.advance(days: 0.1)
                #expect(try await harness.postReceipt(try await harness.receipt(account: "lea"), appUserID: "user-lea").status == 200)
                let all = try await harness.admin(.get, "/v1/admin/webhooks/\(disabled.id)/deliveries")
                #expect(all.body["deliveries"].array.count == 1, "\(all.body)")
                #expect(try await harness.admin(.patch, "/v1/admin/webhooks/\(disabled.id)", json: ["enabled": true]).status == 200)
                _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: true)
                await harness.advance(days: 0.1)
                #expect(try await harness.postReceipt(try await harness.receipt(account: "lea"), appUserID: "user-lea").status == 200)
                try await harness.deliverWebhooks()
                let received = await receiver.deliveries
                #expect(try received.map { try $0.json["type"].string } == ["auto_renew_enabled"], "\(received.map(\.body))")
                #expect(received.allSatisfy { $0.signatureValid })
            }
        }
    }

    // MARK: The event feed

    @Test func theFeedRefusesACursorItDidNotGive() async throws {
        try await TestHarness.run { harness in
            for cursor in ["abc", "-1", "1.5", "99999999999999999999", "%20"] {
                Self.expectError(try await harness.admin(.get, "/v1/admin/events?after=\(cursor)"), 400, "invalid_cursor")
            }
            Self.expectError(try await harness.admin(.get, "/v1/admin/events?wait=61"), 400, "bad_request")
            Self.expectError(try await harness.admin(.get, "/v1/admin/events?wait=-1"), 400, "bad_request")
            let empty = try await harness.admin(.get, "/v1/admin/events?after=0")
            #expect(empty.status == 200 && empty.body["events"].array.isEmpty && empty.body["next_cursor"].string == "0", "\(empty.body)")
        }
    }

    @Test(.timeLimit(.minutes(2))) func aWaitWithNothingNewReturnsAnEmptyPageWhenItEnds() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "jo", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-jo").status == 200)
            let first = try await harness.admin(.get, "/v1/admin/events?after=0")
            let cursor = try #require(first.body["next_cursor"].string)
            #expect(first.body["events"].array.count == 1 && cursor != "0", "\(first.body)")

            let started = ContinuousClock.now
            let page = try await harness.admin(.get, "/v1/admin/events?after=\(cursor)&wait=2")
            let waited = ContinuousClock.now - started
            #expect(page.status == 200, "\(page.body)")
            #expect(page.body["events"].array.isEmpty, "\(page.body)")
            #expect(page.body["next_cursor"].string == cursor, "an empty page gives back the cursor")
            #expect(waited >= .milliseconds(1500), "it waited: \(waited)")
            #expect(waited < .seconds(30), "and returned: \(waited)")

            // With something to give, it does not wait.
            let quick = ContinuousClock.now
            let again = try await harness.admin(.get, "/v1/admin/events?after=0&wait=30")
            #expect(again.body["events"].array.count == 1)
            #expect(ContinuousClock.now - quick < .seconds(10))
        }
    }

    @Test(.timeLimit(.minutes(2))) func aLongPollReturnsTheEventThatArrivesWhileItWaits() async throws {
        try await TestHarness.run { harness in
            let started = ContinuousClock.now
            let poll = Task { try await harness.admin(.get, "/v1/admin/events?after=0&wait=60") }
            try await Task.sleep(for: .milliseconds(500))
            let purchase = try await harness.simulator.purchase(account: "kai", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-kai").status == 200)
            // Measured from the receipt's acceptance too: on loaded cores the purchase and the receipt alone once
            // took 25 s of a bound that counted from the poll's start.
            let accepted = ContinuousClock.now
            let page = try await poll.value
            let returned = ContinuousClock.now
            let waited = returned - started
            #expect(page.status == 200, "\(page.body)")
            let events = page.body["events"].array
            #expect(events.map { $0["type"].string } == ["initial_purchase"], "\(page.body)")
            #expect(events.first?["app_user_id"].string == "user-kai")
            #expect(events.first?["id"].string?.hasPrefix("evt_") == true, "\(page.body)")
            #expect(page.body["next_cursor"].string == events.first?["position"].int.map(String.init), "\(page.body)")
            #expect(waited >= .milliseconds(500), "the request was waiting before the event: \(waited)")
            #expect(waited < .seconds(55), "it returned before its wait ended: \(waited)")
            #expect(returned - accepted < .seconds(10), "it returned when the event arrived: \(returned - accepted) after it")
        }
    }
}
