import Foundation

extension PerennialAPI {
    /// `POST /v1/offers/sign` in format v1: the server checks eligibility, then signs.
    func signOffer(
        _ appUserID: String, productID: String, offerID: String, applicationUsername: String
    ) async throws(PerennialClientError) -> PromotionalOfferSignature {
        let body = [
            "app_user_id": appUserID, "product_id": productID, "offer_id": offerID, "format": "v1",
            "application_username": applicationUsername,
        ]
        let response = try await send("POST", "/v1/offers/sign", json: body)
        var signature = try ServerJSON.decode(PromotionalOfferSignature.self, from: response.body)
        signature.offerID = offerID
        return signature
    }

    /// `POST /v1/offers/introductory-eligibility`.
    func introductoryEligibility(_ appUserID: String, productID: String) async throws(PerennialClientError) -> IntroductoryOfferEligibility {
        let response = try await send("POST", "/v1/offers/introductory-eligibility", json: ["app_user_id": appUserID, "product_id": productID])
        return try ServerJSON.decode(IntroductoryOfferEligibility.self, from: response.body)
    }
}
