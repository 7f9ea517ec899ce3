import Hummingbird
import PerennialServices

/// `POST /v1/admin/customers/{app_user_id}/offer-grants`: customer service grants one customer an offer,
/// with a reason and an expiry; the grant is recorded (who: the app's secret key, what, when, why).
struct AdminOfferRoutes {
    struct Body: Decodable {
        var productID: String
        var offerID: String
        var reason: String
        var expiresInDays: Int?

        enum CodingKeys: String, CodingKey {
            case reason
            case productID = "product_id", offerID = "offer_id", expiresInDays = "expires_in_days"
        }
    }

    struct Answer: ResponseEncodable {
        var appUserID: String
        var productID: String
        var offerID: String
        var reason: String
        var grantedAt: String
        var expiresAt: String

        enum CodingKeys: String, CodingKey {
            case reason
            case appUserID = "app_user_id", productID = "product_id", offerID = "offer_id", grantedAt = "granted_at"
            case expiresAt = "expires_at"
        }
    }

    let offers: OfferService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("offers/eligible.csv") { _, context -> Response in
            let csv = try await offers.eligibleCohortsCSV(app: try context.requireSecretKey())
            return Response(
                status: .ok, headers: [.contentType: "text/csv; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: csv))
            )
        }
        group.post("customers/{app_user_id}/offer-grants") { request, context -> Response in
            let app = try context.requireSecretKey()
            let body = try await request.decode(as: Body.self, context: context)
            let grant = try await offers.grant(
                app: app, appUserID: try context.appUserIDParameter(), productID: body.productID, offerID: body.offerID,
                reason: body.reason, days: body.expiresInDays ?? 30
            )
            var response = try Answer(
                appUserID: grant.appUserID, productID: grant.productID, offerID: grant.offerID, reason: grant.reason,
                grantedAt: grant.grantedAt.iso8601, expiresAt: grant.expiresAt.iso8601
            ).response(from: request, context: context)
            response.status = .created
            return response
        }
    }
}
