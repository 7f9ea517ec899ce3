import Foundation

extension PerennialAPI {
    /// `GET /v1/customers/{id}/paywall`: nil when the server says to show none (204).
    func paywall(_ appUserID: String, placement: String, context: PaywallContext) async throws(PerennialClientError) -> Paywall? {
        let query = Self.query([
            ("placement", placement), ("platform", configuration.platform), ("device", context.device),
            ("app_version", context.appVersion), ("country", context.country), ("locale", context.locale),
        ])
        let response = try await send("GET", "/v1/customers/\(Self.segment(appUserID))/paywall\(query)", accepting: [200, 204])
        if response.status == 204 { return nil }
        return try ServerJSON.decode(Paywall.self, from: response.body)
    }

    /// `POST /v1/customers/{id}/paywall-events`, once per `id` (a retry with the same id records nothing new).
    func paywallEvent(
        _ appUserID: String, id: String, kind: PaywallEventKind, placement: String, paywallID: String?, packageID: String?,
        occurredAt: Date
    ) async throws(PerennialClientError) {
        struct Body: Encodable {
            var id: String
            var type: String
            var placement: String
            var paywall_id: String?
            var package_id: String?
            var occurred_at_ms: Int64
        }
        let body = Body(
            id: id, type: kind.rawValue, placement: placement, paywall_id: paywallID, package_id: packageID,
            occurred_at_ms: Int64((occurredAt.timeIntervalSince1970 * 1000).rounded()))
        _ = try await send("POST", "/v1/customers/\(Self.segment(appUserID))/paywall-events", json: body, accepting: [200, 201, 202])
    }
}
