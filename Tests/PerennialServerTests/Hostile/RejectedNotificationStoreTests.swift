import Crypto
import Foundation
import HTTPTypes
import PerennialServer
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import SQLKit
import Testing

/// Anyone can post to a notification URL. What fails verification is kept only as much as an operator needs
/// (time, size, reason, hash, first KiB, sealed), within a bound per app and for at most its age; and junk
/// draws on its sender's budget, never on the app's, so the store's genuine notifications keep passing.
@Suite("Rejected notifications: bounded store and per-address budget")
struct RejectedNotificationStoreTests {
    static let forwarded = HTTPField.Name("X-Forwarded-For")!
    static let storeAddress = "17.57.144.10"

    /// What the inbox holds: rows and bytes of sealed bodies, rejected and not.
    struct InboxSize: CustomStringConvertible {
        var rejectedRows: Int64
        var rejectedBytes: Int64
        var otherRows: Int64
        var description: String { "rejected: \(rejectedRows) rows, \(rejectedBytes) B; others: \(otherRows) rows" }

        static func read(_ harness: TestHarness) async throws -> InboxSize {
            try await harness.stack.database.withSession { session in
                let rejected = try await session.sql.raw("""
                    SELECT COUNT(*) AS n, COALESCE(SUM(length(sealed_body)), 0) AS bytes FROM store_notifications WHERE status = 'rejected'
                    """).first()
                let others = try await session.sql.raw("SELECT COUNT(*) AS n FROM store_notifications WHERE status <> 'rejected'").first()
                return InboxSize(
                    rejectedRows: try rejected?.decode(column: "n", as: Int64.self) ?? 0,
                    rejectedBytes: try rejected?.decode(column: "bytes", as: Int64.self) ?? 0,
                    otherRows: try others?.decode(column: "n", as: Int64.self) ?? 0)
            }
        }
    }

    static func post(_ harness: TestHarness, _ body: Data, from address: String) async throws -> RawResponse {
        try await harness.send(.post, "/v1/apple/notifications/forest", body: body, headers: [forwarded: address])
    }

    @Test(.timeLimit(.minutes(5))) func tenThousandRejectedPostsStayWithinTheBoundWhileGenuineOnesPass() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        var server = ServerSettings()
        server.trustedProxyHeader = "X-Forwarded-For"
        server.rejectedNotifications = RejectedNotificationRetention(maxCount: 100, maxBytes: 80_000, maxAge: .seconds(7 * 86_400))
        server.rateLimits.notifications = RateLimit(perSecond: 1, burst: 50)
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER, server: server) { harness in
            // Mostly junk that fails at the first check, one in fifty signed by a stranger's chain: each stored,
            // verified, refused.
            let forged = forger.notification("DID_RENEW", transaction: forger.transaction(), renewalInfo: nil)
            let junk = Data(#"{"signedPayload": "eyJhbGciOiJFUzI1NiJ9.e30.c2lnbmF0dXJl"}"#.utf8)
            var refused = 0
            var genuineStatuses: [Int] = []
            for index in 0..<10_000 {
                // Each post different (the id is the body's hash) and from its own address, as a botnet would.
                let body = (index % 50 == 0 ? forged : junk) + Data(repeating: UInt8(ascii: " "), count: index)
                let address = "10.\(index / 65_536).\(index / 256 % 256).\(index % 256)"
                let response = try await Self.post(harness, body, from: address)
                if response.isClientErrorEnvelope && response.status != 429 { refused += 1 }
                if index % 1_000 == 999 {
                    let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
                    genuineStatuses.append(try await Self.post(harness, genuine, from: Self.storeAddress).status)
                }
            }
            #expect(refused == 10_000, "every junk post refused with a 4xx, none rate limited (each its own address)")
            #expect(genuineStatuses == Array(repeating: 200, count: 10), "the store's notifications during the flood")
            let size = try await InboxSize.read(harness)
            #expect(size.rejectedRows <= 100, "\(size)")
            #expect(size.rejectedBytes <= 80_000, "\(size)")
            #expect(size.otherRows == 10, "\(size)")
            let addresses = await harness.stack.rejectedNotificationLimiter.addressCount
            #expect(addresses <= 10_000, "the per-address budgets stay bounded: \(addresses)")

            let listed = try await harness.send(.get, "/v1/admin/notifications?limit=1", key: TestHarness.secretKey)
            let newest = listed.body["notifications"][0]
            #expect(newest["status"].string == "rejected" || newest["status"].string == "processed")
        }
    }

    @Test func oneAddressFloodIsCutOffAndNeverSpendsTheAppsBudget() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        var server = ServerSettings()
        server.trustedProxyHeader = "X-Forwarded-For"
        server.rateLimits.notifications = RateLimit(perSecond: 1, burst: 5)
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER, server: server) { harness in
            var statuses: [Int] = []
            for index in 0..<200 {
                let forged = forger.notification("DID_RENEW", transaction: forger.transaction(id: "\(4_000_000_000 + index)"), renewalInfo: nil)
                statuses.append(try await Self.post(harness, forged, from: "203.0.113.9, 198.51.100.7").status)
            }
            let limit = RateLimitSettings().rejectedNotificationsPerAddress.burst
            #expect(statuses.prefix(limit).allSatisfy { $0 != 429 && (400..<500).contains($0) })
            #expect(statuses.dropFirst(limit).allSatisfy { $0 == 429 }, "the sender (last address of the trusted header) is cut off")
            #expect(try await InboxSize.read(harness).rejectedRows == Int64(limit), "nothing stored once cut off")
            let other = forger.notification("DID_RENEW", transaction: forger.transaction(id: "4999999999"), renewalInfo: nil)
            #expect(try await Self.post(harness, other, from: "203.0.113.9, 198.51.100.8").status != 429, "another sender is not")
            for _ in 0..<5 {
                let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
                #expect(try await Self.post(harness, genuine, from: Self.storeAddress).status == 200)
            }
        }
    }

    @Test func rejectedNotificationsKeepTheirFirstKiBAndExpire() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let forged = forger.notification("DID_RENEW", transaction: forger.transaction(), renewalInfo: nil)
            #expect(try await Self.post(harness, forged, from: "192.0.2.1").isClientErrorEnvelope)
            let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
            #expect(try await Self.post(harness, genuine, from: Self.storeAddress).status == 200)
            let stored = try #require(try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10)
                .first { $0.status == .rejected })
            #expect(stored.bodyBytes == forged.count)
            #expect(stored.notificationID == SHA256.hash(data: forged).map { String(format: "%02x", $0) }.joined())
            #expect(stored.outcome?.errorCode?.isEmpty == false)
            #expect(stored.sealedBody.count <= RejectedNotificationRetention.excerptBytes + 28, "only the first KiB, sealed")

            await harness.advance(days: 8)
            try await harness.stack.scheduler.tick()
            let left = try await harness.stack.notificationInbox.notifications(appID: "forest", limit: 10)
            #expect(left.map(\.status) == [.processed], "the rejected one expired after 7 days; the accepted one stays")
        }
    }
}
