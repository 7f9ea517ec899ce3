import Foundation
import HTTPTypes
import Hummingbird
import PerennialHTTP
import PerennialServices

/// `POST /v1/subscribers/{app_user_id}/intro_eligibility` (StoreKit 1's question: may the customer have
/// each product's introductory offer; `{product_id: true | false | null}`, null for a product the catalog
/// has no subscription group for) and `POST /v1/offers` (promotional offers signed by Perennial's offer
/// service, after its eligibility rules).
struct EligibilityRoutes {
    let services: RevenueCatServices

    struct EligibilityBody: Decodable {
        var productIdentifiers: [String]

        enum CodingKeys: String, CodingKey {
            case productIdentifiers = "product_identifiers"
        }
    }

    struct OffersBody: Decodable {
        struct Requested: Decodable {
            var offerID: String
            var productID: String

            enum CodingKeys: String, CodingKey {
                case offerID = "offer_id", productID = "product_id"
            }
        }

        var appUserID: String
        var generateOffers: [Requested]

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", generateOffers = "generate_offers"
        }
    }

    /// At most this many products or offers in one call.
    static let maximumCount = 100

    static let storeKitVersionHeader = HTTPField.Name("X-StoreKit-Version")!

    func add(to v1: RouterGroup<PerennialRequestContext>) {
        v1.post("subscribers/{app_user_id}/intro_eligibility") { request, context -> Response in
            let app = try context.requireApp()
            let appUserID = try SubscriberAnswer.appUserID(context)
            let body = try await request.decode(as: EligibilityBody.self, context: context)
            guard body.productIdentifiers.count <= Self.maximumCount else {
                throw PerennialError(.badRequest, "at most \(Self.maximumCount) product identifiers")
            }
            let eligibility = try await services.offers.offers(app: app, appUserID: appUserID).introductoryOfferEligibility
            return RevenueCatAnswer.response(.object(Set(body.productIdentifiers).sorted().map { productID in
                let group = app.catalog.product(productID)?.subscriptionGroup
                return (productID, group.flatMap { eligibility[$0] }.map(RevenueCatJSON.bool) ?? .null)
            }))
        }
        v1.post("offers") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: OffersBody.self, context: context)
            let appUserID = try AppUserIDRule.validated(body.appUserID)
            guard (1...Self.maximumCount).contains(body.generateOffers.count) else {
                throw PerennialError(.badRequest, "generate_offers holds 1 to \(Self.maximumCount) offers")
            }
            let username = Self.applicationUsername(appUserID, storeKitVersion: request.headers[Self.storeKitVersionHeader])
            var offers: [RevenueCatJSON] = []
            for requested in body.generateOffers {
                offers.append(try await sign(requested, app: app, appUserID: appUserID, username: username))
            }
            return RevenueCatAnswer.response(.object([("offers", .array(offers))]))
        }
    }

    /// One offer's answer: its signature, or `signature_error` with the reason it was not signed.
    private func sign(_ requested: OffersBody.Requested, app: AppSettings, appUserID: String, username: String) async throws -> RevenueCatJSON {
        var members: [(String, RevenueCatJSON)] = [
            ("offer_id", .string(requested.offerID)), ("product_id", .string(requested.productID)),
        ]
        do {
            let signed = try await services.offers.sign(
                app: app, appUserID: appUserID, productID: requested.productID, offerID: requested.offerID, format: "v1",
                applicationUsername: username)
            guard case .v1(let keyID, let nonce, let timestamp, let signature) = signed else {
                throw PerennialError(.offerSigningFailed, "the offer was not signed in the v1 format")
            }
            members += [
                ("key_id", .string(keyID)),
                ("signature_data", .object([("nonce", .string(nonce)), ("signature", .string(signature)), ("timestamp", .int(timestamp))])),
                ("signature_error", .null),
            ]
        } catch let error as PerennialError where error.kind != .internal {
            let code = RevenueCatErrorMiddleware.revenueCatCode(of: error.errorCode.rawValue, status: error.kind.httpStatus)
            members += [
                ("key_id", .string("")), ("signature_data", .null),
                ("signature_error", .object([("code", .int(code)), ("message", .string(error.message))])),
            ]
        }
        return .object(members)
    }

    /// The application username the SDK's purchase is signed with: the app user id under StoreKit 1
    /// (`SKPayment.applicationUsername`); under StoreKit 2 the app account token, which the SDK sets only
    /// when the app user id is a UUID (lowercased), else none.
    static func applicationUsername(_ appUserID: String, storeKitVersion: String?) -> String {
        guard storeKitVersion == "2" else { return appUserID }
        return UUID(uuidString: appUserID)?.uuidString.lowercased() ?? ""
    }
}
