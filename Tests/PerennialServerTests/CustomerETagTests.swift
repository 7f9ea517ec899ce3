import Foundation
import HTTPTypes
import NIOCore
import PerennialCore
import HummingbirdTesting
import Testing

/// `GET /v1/customers/{id}` carries a weak ETag over the customer (not the instant of the request): asked
/// again with `If-None-Match`, an unchanged customer is 304 with no body; any change gives a new tag.
@Suite("Customer ETag")
struct CustomerETagTests {
    func get(_ harness: TestHarness, _ user: String, ifNoneMatch: String? = nil) async throws -> (status: Int, etag: String?, body: Int) {
        var headers: HTTPFields = [.authorization: "Bearer \(TestHarness.publicKey)"]
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        return try await harness.client.execute(uri: "/v1/customers/\(user)", method: .get, headers: headers) { response in
            (Int(response.status.code), response.headers[.eTag], response.body.readableBytes)
        }
    }

    @Test func anUnchangedCustomerIsNotModified() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "eve", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "eve").status == 200)
            let first = try await get(harness, "eve")
            let tag = try #require(first.etag)
            #expect(first.status == 200)
            #expect(tag.hasPrefix("W/\""))
            await harness.advance(days: 0.000_01)
            #expect(try await get(harness, "eve").etag == tag, "request_date is not part of the tag")

            let again = try await get(harness, "eve", ifNoneMatch: tag)
            #expect(again.status == 304)
            #expect(again.body == 0)
            #expect(again.etag == tag)
            #expect(try await get(harness, "eve", ifNoneMatch: "\"other\", \(tag.dropFirst(2))").status == 304, "a list, strong form")
            #expect(try await get(harness, "eve", ifNoneMatch: "*").status == 304)
            #expect(try await get(harness, "eve", ifNoneMatch: "W/\"0000\"").status == 200)

            // A change (auto-renew off) is a new representation.
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            #expect(try await harness.postReceipt(try await harness.receipt(account: "eve"), appUserID: "eve").status == 200)
            let changed = try await get(harness, "eve", ifNoneMatch: tag)
            #expect(changed.status == 200)
            #expect(changed.etag != tag)
        }
    }

    /// The third read is answered from the answer kept with the cached customer (at the second): the same
    /// bytes but for its own `request_date`, the instant of the read.
    @Test func aReadFromMemoryWritesItsOwnDate() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "fay", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "fay").status == 200)
            func body() async throws -> String {
                try await harness.client.execute(
                    uri: "/v1/customers/fay", method: .get, headers: [.authorization: "Bearer \(TestHarness.publicKey)"]
                ) { String(buffer: $0.body) }
            }
            await harness.advance(days: 0.001)  // request dates unlike any other date of the customer
            let first = try await body()
            _ = try await body()
            await harness.advance(days: 0.001)
            let second = try await body()
            let now = harness.clock.now().iso8601
            #expect(second.contains("\"request_date\":\"\(now)\""))
            let firstDate = try #require(try JSONObject(ByteBuffer(string: first))["request_date"].string)
            #expect(firstDate != now)
            #expect(second == first.replacingOccurrences(of: firstDate, with: now))
            let cache = try #require(harness.stack.customerCache)
            #expect(cache.snapshot(appID: "forest", appUserID: "fay", at: harness.clock.now()) != nil, "answered from the cache")
        }
    }
}
