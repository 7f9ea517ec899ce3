import Hummingbird
import PerennialServices

/// The body of `GET /v1/customers/{app_user_id}/offers`.
struct OffersResponse: ResponseEncodable {
    struct Offer: Encodable {
        var offerID: String
        var productID: String
        var type: String
        var periods: Int
        var price: String?
        var rule: String

        enum CodingKeys: String, CodingKey {
            case type, periods, price, rule
            case offerID = "offer_id", productID = "product_id"
        }
    }

    var offers: [Offer]
    var introductoryOfferEligibility: [String: Bool]

    init(_ offers: CustomerOffers) {
        self.offers = offers.offers.map {
            Offer(offerID: $0.offer.id, productID: $0.offer.productID, type: $0.offer.paymentMode.rawValue, periods: $0.offer.periods,
                  price: $0.offer.price, rule: $0.rule)
        }
        introductoryOfferEligibility = offers.introductoryOfferEligibility
    }

    enum CodingKeys: String, CodingKey {
        case offers
        case introductoryOfferEligibility = "introductory_offer_eligibility"
    }
}
