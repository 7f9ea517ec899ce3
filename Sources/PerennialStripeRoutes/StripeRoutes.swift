import Hummingbird
import PerennialHTTP
import PerennialServices
import PerennialStripeAdapter

/// Stripe's routes beyond its webhook endpoint:
///
/// - `POST /v1/stripe/checkout-sessions` `{app_user_id, product_id}` with the app's public key: a Checkout
///   Session for the customer → `{id, url}`, where the app sends them to pay.
/// - `POST /v1/customers/{app_user_id}/stripe/portal` `{return_url?}` with the app's secret key (the
///   portal lets whoever holds the link manage the customer's billing, so the team's backend, which knows
///   who is signed in, asks for it) → `{url}`.
///
/// Failures answer in the JSON error envelope, from `PerennialError`.
public struct StripeRoutes: StoreRoutes {
    struct CheckoutBody: Decodable {
        var appUserID: String
        var productID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", productID = "product_id"
        }
    }

    struct PortalBody: Decodable {
        var returnURL: String?

        enum CodingKeys: String, CodingKey {
            case returnURL = "return_url"
        }
    }

    let checkout: StripeCheckoutService
    let portal: StripePortalService

    public init(checkout: StripeCheckoutService, portal: StripePortalService) {
        self.checkout = checkout
        self.portal = portal
    }

    public func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        v1.post("stripe/checkout-sessions") { request, context -> StripeCheckoutResponse in
            let app = try context.requireApp()
            let body = try await request.decode(as: CheckoutBody.self, context: context)
            let link = try await checkout.createSession(app: app, appUserID: body.appUserID, productID: body.productID)
            return StripeCheckoutResponse(id: link.id, url: link.url)
        }
        v1.post("customers/{app_user_id}/stripe/portal") { request, context -> StripePortalResponse in
            let app = try context.requireSecretKey()
            let appUserID = try AppUserIDRule.validated(context.parameters.require("app_user_id"))
            let body = try await request.decode(as: PortalBody.self, context: context)
            return StripePortalResponse(url: try await portal.createSession(app: app, appUserID: appUserID, returnURL: body.returnURL))
        }
    }
}
