import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// Adyen's routes beside its webhook endpoint:
///
/// - `POST /v1/adyen/checkout-sessions` `{app_user_id, product_id}` with the app's public key: a Checkout
///   session for the first period → `{subscription_id, session_id, session_data, expires_at?}`, which the
///   app's page hands to Adyen's Drop-in (with its client key).
/// - `POST /v1/customers/{app_user_id}/adyen/subscriptions/{subscription_id}/cancel` (and `/resume`) with the
///   app's secret key: renewals off, the subscription ending with its paid period (or back on) →
///   `{subscription_id, will_renew, expires_at}`.
///
/// Failures answer in the JSON error envelope, from `PerennialError`.
struct AdyenRoutes: StoreRoutes {
    struct CheckoutBody: Decodable {
        var appUserID: String
        var productID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", productID = "product_id"
        }
    }

    let checkout: AdyenCheckoutService
    let control: AdyenRenewalControl
    let ingestor: FactIngestor

    func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        v1.post("adyen/checkout-sessions") { request, context -> AdyenCheckoutResponse in
            let app = try context.requireApp()
            let body = try await request.decode(as: CheckoutBody.self, context: context)
            let (subscriptionID, session) = try await checkout.createSession(app: app, appUserID: body.appUserID, productID: body.productID)
            return AdyenCheckoutResponse(
                subscriptionID: subscriptionID, sessionID: session.id, sessionData: session.sessionData, expiresAt: session.expiresAt)
        }
        for (action, renews) in [("cancel", false), ("resume", true)] {
            v1.post("customers/{app_user_id}/adyen/subscriptions/{subscription_id}/\(action)") { _, context -> AdyenRenewalResponse in
                let app = try context.requireSecretKey()
                let appUserID = try AppUserIDRule.validated(context.parameters.require("app_user_id"))
                let subscriptionID = try context.parameters.require("subscription_id")
                let state = try await control.setRenewal(renews, app: app, appUserID: appUserID, subscriptionID: subscriptionID, ingestor: ingestor)
                return AdyenRenewalResponse(subscriptionID: subscriptionID, willRenew: state.willRenew, expiresAt: state.expiresAt?.iso8601)
            }
        }
    }
}
