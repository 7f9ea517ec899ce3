import Hummingbird
import PerennialServices

/// The body of `POST /v1/offers/sign`: v1 `{keyIdentifier, nonce, timestamp, signature}`, v2 `{signature}`.
struct SignedOfferResponse: ResponseEncodable {
    let offer: SignedOffer

    init(_ offer: SignedOffer) { self.offer = offer }

    enum CodingKeys: String, CodingKey { case keyIdentifier, nonce, timestamp, signature }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch offer {
        case .v1(let keyIdentifier, let nonce, let timestamp, let signature):
            try container.encode(keyIdentifier, forKey: .keyIdentifier)
            try container.encode(nonce, forKey: .nonce)
            try container.encode(timestamp, forKey: .timestamp)
            try container.encode(signature, forKey: .signature)
        case .v2(let signature):
            try container.encode(signature, forKey: .signature)
        }
    }
}
