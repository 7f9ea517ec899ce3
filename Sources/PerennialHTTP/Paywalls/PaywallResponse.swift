import Hummingbird
import PerennialCore
import PerennialServices

/// The body of `GET /v1/customers/{app_user_id}/paywall`: the paywall to show, resolved for the customer.
struct PaywallResponse: ResponseEncodable {
    struct Price: Encodable {
        var amountMinor: Int64
        var currency: String
        var formatted: String

        enum CodingKeys: String, CodingKey {
            case currency, formatted
            case amountMinor = "amount_minor"
        }
    }

    struct Package: Encodable {
        var id: String
        var period: String
        var productID: String?
        var products: [String: String]
        var price: Price?
        var pricePerMonth: String?
        var trial: String?
        var isDefault: Bool

        enum CodingKeys: String, CodingKey {
            case id, period, products, price, trial
            case productID = "product_id", pricePerMonth = "price_per_month", isDefault = "default"
        }
    }

    struct Offer: Encodable {
        var type: String
        var id: String?
        /// For a promotional offer: StoreKit's `promotionalOffer(_:compactJWS:)` signature.
        var signature: String?
    }

    struct Arm: Encodable {
        var experimentID: String
        var variantID: String

        enum CodingKeys: String, CodingKey {
            case experimentID = "experiment_id", variantID = "variant_id"
        }
    }

    var appUserID: String
    var placement: String
    var paywallID: String
    var revision: Int
    var template: String
    var locale: String
    var strings: [String: String]
    var images: [String: String]
    var offeringID: String
    var packages: [Package]
    var defaultPackage: String?
    var offer: Offer?
    var rule: String?
    var experiment: Arm?

    enum CodingKeys: String, CodingKey {
        case placement, revision, template, locale, strings, images, packages, offer, rule, experiment
        case appUserID = "app_user_id", paywallID = "paywall_id", offeringID = "offering_id", defaultPackage = "default_package"
    }

    init(_ paywall: ResolvedPaywall, appUserID: String, signedOffer: SignedOffer?) {
        self.appUserID = appUserID
        placement = paywall.placement
        paywallID = paywall.paywallID
        revision = paywall.revision
        template = paywall.template
        locale = paywall.locale
        strings = paywall.strings
        images = paywall.images
        offeringID = paywall.offeringID
        packages = paywall.packages.map { package in
            Package(
                id: package.id, period: package.period, productID: package.productID, products: package.products,
                price: package.price.map { Price(amountMinor: $0.minorUnits, currency: $0.currency, formatted: package.priceText ?? "") },
                pricePerMonth: package.pricePerMonthText, trial: package.trialText, isDefault: package.isDefault)
        }
        defaultPackage = paywall.packages.first { $0.isDefault }?.id
        offer = paywall.offer.map { offer in
            var signature: String?
            if case .v2(let jws)? = signedOffer { signature = jws }
            return Offer(type: offer.type.rawValue, id: offer.id, signature: signature)
        }
        rule = paywall.rule
        experiment = paywall.experiment.map { Arm(experimentID: $0.experimentID, variantID: $0.variantID) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appUserID, forKey: .appUserID)
        try container.encode(placement, forKey: .placement)
        try container.encode(paywallID, forKey: .paywallID)
        try container.encode(revision, forKey: .revision)
        try container.encode(template, forKey: .template)
        try container.encode(locale, forKey: .locale)
        try container.encode(strings, forKey: .strings)
        try container.encode(images, forKey: .images)
        try container.encode(offeringID, forKey: .offeringID)
        try container.encode(packages, forKey: .packages)
        try container.encode(defaultPackage, forKey: .defaultPackage)
        try container.encode(offer, forKey: .offer)
        try container.encode(rule, forKey: .rule)
        try container.encode(experiment, forKey: .experiment)
    }
}
