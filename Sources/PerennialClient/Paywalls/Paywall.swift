import Foundation

/// The paywall to show at a placement, resolved by the server for this customer: strings in their language
/// with variables filled, storefront prices, the offer they may redeem.
public struct Paywall: Sendable, Hashable, Decodable {
    /// The customer it was resolved for.
    public var appUserID: String
    /// The placement asked for.
    public var placement: String
    /// The paywall chosen.
    public var paywallID: String
    /// The revision of the paywall document it comes from.
    public var revision: Int
    /// The template that lays it out (`default`).
    public var template: String
    /// The locale of `strings`.
    public var locale: String
    /// Strings by key: `title`, `subtitle`, `call_to_action`…
    public var strings: [String: String]
    /// Image URLs by role (`header`, `background`).
    public var images: [String: String]
    /// The offering sold.
    public var offeringID: String
    /// The packages, in the offering's order.
    public var packages: [PaywallPackage]
    /// The package selected when the paywall opens.
    public var defaultPackageID: String?
    /// The offer presented with the default package, when the customer may have it.
    public var offer: PaywallOffer?
    /// The experiment arm the customer is in, if an experiment chose the paywall.
    public var experiment: PaywallExperimentArm?

    enum CodingKeys: String, CodingKey {
        case placement, revision, template, locale, strings, images, packages, offer, experiment
        case appUserID = "app_user_id"
        case paywallID = "paywall_id"
        case offeringID = "offering_id"
        case defaultPackageID = "default_package"
    }

    /// The string for `key`, or `fallback` when the paywall has none.
    public func string(_ key: String, or fallback: String = "") -> String {
        strings[key] ?? fallback
    }

    /// The package selected when the paywall opens (the first one when none is marked).
    public var defaultPackage: PaywallPackage? {
        packages.first { $0.id == defaultPackageID } ?? packages.first
    }
}

/// One package of a paywall, as the customer sees it.
public struct PaywallPackage: Sendable, Hashable, Decodable, Identifiable {
    /// The package's id in the offering (`monthly`, `annual`).
    public var id: String
    /// One payment's length as ISO 8601 (`P1M`, `P1Y`), or `lifetime`.
    public var period: String
    /// The App Store product (the request's platform's store); nil when the package is not sold there.
    public var productID: String?
    /// The product on every store, by store name.
    public var products: [String: String]
    /// The storefront's price, when known.
    public var price: PaywallPrice?
    /// A month's price of a renewing package, formatted (`$4.17`).
    public var pricePerMonth: String?
    /// The free trial in words (`1 week`).
    public var trial: String?
    /// Whether it is selected when the paywall opens.
    public var isDefault: Bool

    enum CodingKeys: String, CodingKey {
        case id, period, products, price, trial
        case productID = "product_id"
        case pricePerMonth = "price_per_month"
        case isDefault = "default"
    }
}

/// A price in minor units and as the customer's locale writes it.
public struct PaywallPrice: Sendable, Hashable, Decodable {
    /// Minor units (`999` for $9.99).
    public var amountMinor: Int64
    /// ISO 4217 (`USD`).
    public var currency: String
    /// `$9.99`, `10,99 €`.
    public var formatted: String

    enum CodingKeys: String, CodingKey {
        case currency, formatted
        case amountMinor = "amount_minor"
    }
}

/// The offer a paywall presents: an introductory one, a promotional one (signed by the server), a win-back.
public struct PaywallOffer: Sendable, Hashable, Decodable {
    /// `introductory`, `promotional` or `win_back`.
    public var type: String
    /// The offer's id (promotional and win-back offers).
    public var id: String?
    /// For a promotional offer, the server's signature as a compact JWS, when it signs offers.
    public var signature: String?
}

/// The experiment and variant that chose a paywall.
public struct PaywallExperimentArm: Sendable, Hashable, Decodable {
    /// The experiment.
    public var experimentID: String
    /// The variant, or `holdout`.
    public var variantID: String

    enum CodingKeys: String, CodingKey {
        case experimentID = "experiment_id"
        case variantID = "variant_id"
    }
}
