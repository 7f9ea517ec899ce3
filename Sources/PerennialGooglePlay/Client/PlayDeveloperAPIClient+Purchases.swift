import Foundation
import PerennialCore
import PerennialOutbound

extension PlayDeveloperAPIClient {
    /// `purchases.subscriptionsv2.get`: the subscription's current truth for a purchase token, and the body
    /// as Google sent it (kept: it may carry fields this version does not read).
    public func subscription(token: String) async throws(PlayAPIError) -> (purchase: PlaySubscriptionPurchase, body: [UInt8]) {
        let body = try await send(method: "GET", path: path("purchases", "subscriptionsv2", "tokens", .id(token)))
        do {
            return (try PlaySubscriptionPurchase.decode(from: Data(body)), body)
        } catch {
            throw PlayAPIError(.invalidResponse, message: "subscriptionsv2.get answered: \(error.message)", httpStatus: 200)
        }
    }

    /// `purchases.subscriptions.acknowledge` (the v1 method Google keeps). Acknowledging twice is harmless.
    public func acknowledgeSubscription(productID: String, token: String) async throws(PlayAPIError) {
        _ = try await send(
            method: "POST", path: path("purchases", "subscriptions", .id(productID), "tokens", .id(token)) + ":acknowledge",
            body: Array("{}".utf8)
        )
    }

    /// `purchases.subscriptionsv2.cancel`: stops renewal, as the customer would.
    public func cancelSubscription(token: String) async throws(PlayAPIError) {
        _ = try await send(
            method: "POST", path: path("purchases", "subscriptionsv2", "tokens", .id(token)) + ":cancel",
            body: Array(#"{"cancellationContext":{"cancellationType":"USER_REQUESTED_STOP_RENEWALS"}}"#.utf8)
        )
    }

    /// `purchases.subscriptionsv2.defer`: moves the next renewal later by `seconds`, for the purchase as of
    /// `etag` (from the `subscription(token:)` read it follows).
    public func deferSubscription(token: String, etag: String, seconds: Int64) async throws(PlayAPIError) {
        let body = try? JSONSerialization.data(
            withJSONObject: ["deferralContext": ["etag": etag, "deferDuration": "\(seconds)s"]], options: [.sortedKeys]
        )
        _ = try await send(
            method: "POST", path: path("purchases", "subscriptionsv2", "tokens", .id(token)) + ":defer",
            body: Array(body ?? Data())
        )
    }

    /// `purchases.subscriptionsv2.revoke`: refunds (in full, or prorated) and ends access now.
    public func revokeSubscription(token: String, prorated: Bool = false) async throws(PlayAPIError) {
        let refund = prorated ? "proratedRefund" : "fullRefund"
        _ = try await send(
            method: "POST", path: path("purchases", "subscriptionsv2", "tokens", .id(token)) + ":revoke",
            body: Array(#"{"revocationContext":{"\#(refund)":{}}}"#.utf8)
        )
    }

    /// `purchases.products.get`: a one-time product purchase.
    public func product(productID: String, token: String) async throws(PlayAPIError) -> PlayProductPurchase {
        try await send(PlayProductPurchase.self, path: path("purchases", "products", .id(productID), "tokens", .id(token)))
    }

    /// `purchases.products.acknowledge`.
    public func acknowledgeProduct(productID: String, token: String) async throws(PlayAPIError) {
        _ = try await send(
            method: "POST", path: path("purchases", "products", .id(productID), "tokens", .id(token)) + ":acknowledge",
            body: Array("{}".utf8)
        )
    }

    /// `purchases.products.consume`: a consumable may be bought again.
    public func consumeProduct(productID: String, token: String) async throws(PlayAPIError) {
        _ = try await send(method: "POST", path: path("purchases", "products", .id(productID), "tokens", .id(token)) + ":consume")
    }

    /// `purchases.voidedpurchases.list`, subscriptions included, voided since `start`: every page.
    public func voidedPurchases(since start: Instant, pageLimit: Int = 100) async throws(PlayAPIError) -> [PlayVoidedPurchase] {
        var result: [PlayVoidedPurchase] = []
        var pageToken: String?
        for _ in 0..<pageLimit {
            var query = "type=1&startTime=\(start.milliseconds)"
            if let pageToken { query += "&token=\(Self.encodeSegment(pageToken))" }
            let page = try await send(PlayVoidedPurchasesPage.self, path: path("purchases", "voidedpurchases"), query: query)
            result += page.voidedPurchases ?? []
            guard let next = page.tokenPagination?.nextPageToken, !next.isEmpty else { return result }
            pageToken = next
        }
        return result
    }
}
