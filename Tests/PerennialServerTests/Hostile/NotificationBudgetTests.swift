import Foundation
import HTTPTypes
import PerennialServer
import PerennialServices
import PerennialStripe
import PerennialTesting
import Testing

/// The per-sender budget of notifications that fail verification, as an attacker tries to get round it (odd
/// spellings of the path, many posts at once) or to turn it against the store (junk from the store's own
/// shared address).
@Suite("Notification budget per sender")
struct NotificationBudgetTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!

    static func server(burst: Int) -> ServerSettings {
        var server = ServerSettings()
        server.trustedProxyHeader = "X-Forwarded-For"
        server.rateLimits.rejectedNotificationsPerAddress = RateLimit(perSecond: 1, burst: burst)
        return server
    }

    /// Every spelling the router accepts for the notification route is the notification route to the limiter.
    @Test func oddSpellingsOfTheNotificationPathDrawOnTheSameBudget() async throws {
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(server: Self.server(burst: 4)) { harness in
            let spellings = [
                "/v1/apple/notifications/forest/", "//v1/apple/notifications/forest", "/v1//apple/notifications/forest",
                "/v1/apple//notifications/forest//", "/v1/apple/notifications/forest",
            ]
            var statuses: [String: [Int]] = [:]
            for round in 0..<4 {
                for path in spellings {
                    let junk = forger.notification("DID_RENEW", transaction: forger.transaction(id: "\(4_100_000_000 + round)"), renewalInfo: nil)
                    let response = try await harness.send(.post, path, body: junk, headers: [Self.forwarded: "203.0.113.70"])
                    statuses[path, default: []].append(response.status)
                }
            }
            // Four refusals spend the budget, whichever spellings they came by; then every spelling gets 429.
            let all = spellings.flatMap { path in statuses[path] ?? [] }
            #expect(all.filter { $0 != 429 }.count == 4, "\(statuses)")
            for path in spellings { #expect(statuses[path]?.dropFirst().allSatisfy { $0 == 429 } == true, "\(path): \(statuses)") }
        }
    }

    /// 200 junk notifications at once against a budget of 20: at most 20 are processed and stored.
    @Test func simultaneousJunkCannotPassTheBudget() async throws {
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(server: Self.server(burst: 20)) { harness in
            let bodies = (0..<200).map {
                forger.notification("DID_RENEW", transaction: forger.transaction(id: "\(4_200_000_000 + $0)"), renewalInfo: nil)
            }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for body in bodies {
                    group.addTask {
                        try await harness.send(.post, "/v1/apple/notifications/forest", body: body, headers: [Self.forwarded: "203.0.113.71"]).status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 != 429 }.count == 20, "\(statuses.filter { $0 != 429 }.count) passed")
            #expect(try await RejectedNotificationStoreTests.InboxSize.read(harness).rejectedRows == 20)
        }
    }

    /// The stores send from shared addresses: junk posted through the same address must not silence them.
    @Test func junkFromAStoresAddressDoesNotBlockItsGenuineNotifications() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let shared: HTTPFields = [Self.forwarded: "17.57.144.20"]
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER, server: Self.server(burst: 5), withStripe: true) { harness in
            let subscription = try await harness.buyOnTheWeb(appUserID: "hana")
            for index in 0..<25 {
                let junk = forger.notification("DID_RENEW", transaction: forger.transaction(id: "\(4_300_000_000 + index)"), renewalInfo: nil)
                _ = try await harness.send(.post, "/v1/apple/notifications/forest", body: junk, headers: shared)
                let forged = StripeWebhookSecurityTests.event("evt_junk_\(index)", subscription: "sub_nobody")
                var headers = shared
                headers[HTTPField.Name("Stripe-Signature")!] = StripeWebhookSignature.header(
                    payload: Array(forged), secret: "whsec_not_the_app", timestamp: StripeWebhookSecurityTests.now(harness))
                _ = try await harness.send(.post, "/v1/stripe/webhooks/forest", body: forged, headers: headers)
            }
            let junk = forger.notification("DID_RENEW", transaction: forger.transaction(id: "4300000099"), renewalInfo: nil)
            #expect(try await harness.send(.post, "/v1/apple/notifications/forest", body: junk, headers: shared).status == 429)

            let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
            let apple = try await harness.send(.post, "/v1/apple/notifications/forest", body: genuine, headers: shared)
            #expect(apple.status == 200, "\(apple.text)")
            let event = StripeWebhookSecurityTests.event("evt_genuine", subscription: subscription, status: "trialing")
            var headers = shared
            headers[HTTPField.Name("Stripe-Signature")!] = StripeWebhookSignature.header(
                payload: Array(event), secret: TestHarness.stripeWebhookSecret, timestamp: StripeWebhookSecurityTests.now(harness))
            let stripe = try await harness.send(.post, "/v1/stripe/webhooks/forest", body: event, headers: headers)
            #expect(stripe.status == 200, "\(stripe.text)")
        }
    }

    /// `/health` needs no key, so a malformed `Authorization` header there is not an error.
    @Test func healthIgnoresAMalformedAuthorizationHeader() async throws {
        try await TestHarness.run { harness in
            for value in ["Basic abc", "Bearer", "Bearer not-a-key", "garbage"] {
                let response = try await harness.send(.get, "/health", headers: [.authorization: value])
                #expect(response.status == 200, "\(value): \(response.text)")
            }
        }
    }
}
