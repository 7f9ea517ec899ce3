import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `POST /v1/receipts`: a purchase, restore or sync as RevenueCat's SDKs post it. `fetch_token` goes to the
/// store of the SDK's platform (`X-Platform`: Apple's platforms the App Store, `android` Google Play), which
/// validates it as its own purchase route does; the answer is the subscriber object, with
/// `purchased_products` saying which products Android should consume.
///
/// Status codes as the SDKs act on them: 200 once the store validated the purchase; 503 when the store
/// could not answer (Perennial queued the purchase and completes it alone; the SDK keeps the transaction
/// unfinished and posts it again later, which changes nothing twice); 4xx for a token the store refuses,
/// which lets the app finish the transaction. A refusal is never 404, which Android would retry forever.
struct ReceiptPostRoutes {
    let services: RevenueCatServices

    struct Body: Decodable {
        var appUserID: String
        var fetchToken: String?
        var productID: String?
        var productIDs: [String]?
        var isRestore: Bool?
        var attributes: [String: RevenueCatAttributes.Sent]?

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", fetchToken = "fetch_token", productID = "product_id", productIDs = "product_ids"
            case isRestore = "is_restore", attributes
        }

        /// The products the SDK says were bought.
        var products: [String] { (productIDs ?? []) + (productID.map { [$0] } ?? []) }
    }

    func add(to v1: RouterGroup<PerennialRequestContext>) {
        let answer = SubscriberAnswer(services: services)
        v1.post("receipts") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            let appUserID = try AppUserIDRule.validated(body.appUserID)
            guard let token = body.fetchToken, !token.isEmpty else {
                throw PerennialError(.badRequest, "fetch_token is required: the receipt, signed transaction or purchase token")
            }
            guard body.products.count <= 100 else { throw PerennialError(.badRequest, "at most 100 product ids") }
            guard let platform = RevenueCatPlatform(header: request.headers[SubscriberAnswer.platformHeader]) else {
                throw PerennialError(.badRequest, "the X-Platform header names the SDK's platform (iOS, android, …)")
            }
            guard let intake = services.intake(for: platform) else {
                throw PerennialError(.storeNotSupported, "no store configured here takes purchases from \(platform.name)")
            }
            var extra: [(String, RevenueCatJSON)] = []
            if let attributes = body.attributes, !attributes.isEmpty {
                // Too many in one call: none saved, each named as refused (the purchase still goes through).
                let refused = attributes.count > SubscriberAttributeRoutes.maximumCount
                    ? attributes.keys.sorted().map {
                        RevenueCatAttributes.Refusal(name: $0, message: "at most \(SubscriberAttributeRoutes.maximumCount) attributes in one call")
                    }
                    : try await SubscriberAttributeRoutes.apply(attributes, app: app, appUserID: appUserID, identity: services.identity)
                if !refused.isEmpty { extra.append(("attributes_error_response", SubscriberAttributeRoutes.errors(refused))) }
            }
            let submission: PurchaseSubmission
            do {
                submission = try await intake.submit(app: app, appUserID: appUserID, token: token, productID: body.products.first)
            } catch let error as PerennialError where error.errorCode.kind == .notFound {
                throw PerennialError(.storeRequestRefused, error.message)
            }
            switch submission {
            case .validated(let view):
                extra.append(("purchased_products", purchasedProducts(body.products, app: app)))
                return try await answer.response(view, app: app, request: request, context: context, extra: extra)
            case .pending:
                throw PerennialError(.storeUnavailable, "the store did not answer; the purchase is queued and completes by itself")
            }
        }
    }

    /// `{product_id: {"should_consume": …}}`: Android consumes a purchase only when told to, which a
    /// consumable must be to be bought again.
    func purchasedProducts(_ products: [String], app: AppSettings) -> RevenueCatJSON {
        .object(Set(products).sorted().map { productID in
            (productID, .object([("should_consume", .bool(app.catalog.product(productID)?.type == .consumable))]))
        })
    }
}
