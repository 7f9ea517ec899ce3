import PerennialCore

extension PlayDeveloperAPIClient {
    private struct SubscriptionsPage: Decodable {
        var subscriptions: [PlayCatalogSubscription]?
        var nextPageToken: String?
    }

    private struct OffersPage: Decodable {
        var subscriptionOffers: [PlayCatalogOffer]?
        var nextPageToken: String?
    }

    /// `monetization.subscriptions.list`: every subscription product of the app (archived ones included).
    public func catalogSubscriptions(pageLimit: Int = 50) async throws(PlayAPIError) -> [PlayCatalogSubscription] {
        var result: [PlayCatalogSubscription] = []
        var pageToken: String?
        for _ in 0..<pageLimit {
            var query = "pageSize=100&showArchived=true"
            if let pageToken { query += "&pageToken=\(Self.encodeSegment(pageToken))" }
            let page = try await send(SubscriptionsPage.self, path: path("subscriptions"), query: query)
            result += page.subscriptions ?? []
            guard let next = page.nextPageToken, !next.isEmpty else { return result }
            pageToken = next
        }
        return result
    }

    /// `monetization.subscriptions.basePlans.offers.list` for every base plan of a product (`-`).
    public func catalogOffers(productID: String, pageLimit: Int = 50) async throws(PlayAPIError) -> [PlayCatalogOffer] {
        var result: [PlayCatalogOffer] = []
        var pageToken: String?
        for _ in 0..<pageLimit {
            var query = "pageSize=100"
            if let pageToken { query += "&pageToken=\(Self.encodeSegment(pageToken))" }
            let page = try await send(OffersPage.self, path: path("subscriptions", .id(productID), "basePlans", "-", "offers"), query: query)
            result += page.subscriptionOffers ?? []
            guard let next = page.nextPageToken, !next.isEmpty else { return result }
            pageToken = next
        }
        return result
    }

    /// Whether the service account may read financial data (voided purchases need it, as the purchase calls
    /// do): one small `voidedpurchases.list` of the last day.
    public func probeFinancialAccess(now: Instant) async throws(PlayAPIError) {
        let start = now.adding(milliseconds: -86_400_000)
        _ = try await send(method: "GET", path: path("purchases", "voidedpurchases"), query: "maxResults=1&startTime=\(start.milliseconds)")
    }
}
