/// A paywall resolved for one customer and request: strings in their language with every variable filled,
/// prices in their storefront's currency where known, the packages in the offering's order.
public struct ResolvedPaywall: Sendable, Hashable {
    /// One package as the customer sees it.
    public struct Package: Sendable, Hashable {
        public var id: String
        /// The package's period (`P1M`, `lifetime`).
        public var period: String
        /// The product on the platform's store, when the package is sold there.
        public var productID: String?
        /// The product on every store, by store name.
        public var products: [String: String]
        /// The price, when known (the storefront's, else the catalog's list price).
        public var price: Money?
        /// The price as the customer reads it (`$9.99`).
        public var priceText: String?
        /// The price of one month of it, when it renews (`$4.17` for an annual package at $49.99).
        public var pricePerMonthText: String?
        /// The free trial, in English words (`1 week`).
        public var trialText: String?
        public var isDefault: Bool
    }

    public var placement: String
    public var paywallID: String
    public var revision: Int
    public var template: String
    /// The locale the strings are in.
    public var locale: String
    public var strings: [String: String]
    public var images: [String: String]
    public var offeringID: String
    public var packages: [Package]
    public var offer: PaywallOffer?
    /// The rule that chose the paywall; nil: the placement's default or an experiment.
    public var rule: String?
    public var experiment: ExperimentAssignment?
}
