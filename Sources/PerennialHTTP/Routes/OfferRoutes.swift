import Hummingbird
import PerennialCore
import PerennialServices

/// `GET /v1/customers/{app_user_id}/offers` and `POST /v1/offers/sign`: what the app may show a customer,
/// and the signature StoreKit needs to sell it.
struct OfferRoutes {
    struct SignBody: Decodable {
        var appUserID: String
        var productID: String
        var offerID: String
        var format: String?
        var applicationUsername: String?

        enum CodingKeys: String, CodingKey {
            case format
            case appUserID = "app_user_id", productID = "product_id", offerID = "offer_id"
            case applicationUsername = "application_username"
        }
    }

    struct EngagementBody: Decodable {
        var sessionsLast30Days: Int?
        var lastActiveAtMilliseconds: Int64?

        enum CodingKeys: String, CodingKey {
            case sessionsLast30Days = "sessions_last_30_days", lastActiveAtMilliseconds = "last_active_at_ms"
        }
    }

    struct IntroductoryEligibilityBody: Decodable {
        var appUserID: String
        var productID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", productID = "product_id"
        }
    }

    struct IntroductoryEligibilityResponse: ResponseEncodable {
        var allowIntroductoryOffer: Bool
        var signature: String

        enum CodingKeys: String, CodingKey {
            case signature
            case allowIntroductoryOffer = "allow_introductory_offer"
        }
    }

    let offers: OfferService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}/offers") { _, context -> OffersResponse in
            let app = try context.requireApp()
            return OffersResponse(try await offers.offers(app: app, appUserID: try context.appUserIDParameter()))
        }
        group.post("customers/{app_user_id}/engagement") { request, context -> HTTPResponse.Status in
            let app = try context.requireApp()
            let body = try await request.decode(as: EngagementBody.self, context: context)
            try await offers.reportEngagement(
                app: app, appUserID: try context.appUserIDParameter(), sessionsLast30Days: body.sessionsLast30Days,
                lastActiveAt: body.lastActiveAtMilliseconds.map(Instant.init(milliseconds:))
            )
            return .noContent
        }
        group.post("offers/introductory-eligibility") { request, context -> IntroductoryEligibilityResponse in
            let app = try context.requireApp()
            let body = try await request.decode(as: IntroductoryEligibilityBody.self, context: context)
            try AppUserIDRule.validated(body.appUserID)
            let result = try await offers.introductoryEligibility(app: app, appUserID: body.appUserID, productID: body.productID)
            return IntroductoryEligibilityResponse(allowIntroductoryOffer: result.allowed, signature: result.signature)
        }
        group.post("offers/sign") { request, context -> SignedOfferResponse in
            let app = try context.requireApp()
            let body = try await request.decode(as: SignBody.self, context: context)
            try AppUserIDRule.validated(body.appUserID)
            return SignedOfferResponse(try await offers.sign(
                app: app, appUserID: body.appUserID, productID: body.productID, offerID: body.offerID,
                format: body.format ?? "v1", applicationUsername: body.applicationUsername ?? ""
            ))
        }
    }
}
