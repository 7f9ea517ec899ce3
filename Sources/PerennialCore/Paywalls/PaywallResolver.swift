import Foundation

/// Decides and fills in the paywall a placement shows one customer: a pure function of the app's paywall
/// document, its catalog, what the request and the backend know of the customer, and the customer's arm
/// in any experiment running there.
public struct PaywallResolver: Sendable {
    public var document: PaywallDocument
    public var revision: Int
    public var catalog: Catalog

    public init(document: PaywallDocument, revision: Int, catalog: Catalog) {
        self.document = document
        self.revision = revision
        self.catalog = catalog
    }

    /// The stores whose price depends on the customer's storefront (a package's `prices`); the others
    /// charge their own price (a Stripe price has one currency), the catalog's.
    public static let storefrontStores: Set<Store> = [.appStore, .playStore]

    /// The store each platform buys through.
    public static let platformStores: [String: Store] = ["ios": .appStore, "android": .playStore, "web": .stripe]

    /// The decision for a customer at `placement` (nil: no such placement). `entitled`: the customer has an
    /// active entitlement. `variant` gives the customer's arm in an experiment (an index into its variants;
    /// nil: held out). `filling`, when given, fills the chosen paywall instead of `fill` (a caller's memo of
    /// it); it must give what `fill` gives.
    public func resolve(
        placement placementID: String, context: PaywallContext, entitled: Bool, variant: (Experiment) -> Int?,
        filling: ((PaywallDefinition, Offering, PaywallContext) -> ResolvedPaywall)? = nil
    ) -> PaywallDecision? {
        guard let placement = document.placement(placementID) else { return nil }
        if entitled, !placement.showToEntitled { return .none(reason: .entitled, experiment: nil) }
        let (chosen, rule) = placement.targeting.resolve(context)
        guard var paywallID = chosen else { return .none(reason: .noPaywall, experiment: nil) }
        var assignment: ExperimentAssignment?
        if let experiment = document.runningExperiment(on: placementID), experiment.audience?.matches(context) ?? true {
            if let index = variant(experiment), experiment.variants.indices.contains(index) {
                let arm = experiment.variants[index]
                assignment = ExperimentAssignment(experimentID: experiment.id, variantID: arm.id)
                guard let variantPaywall = arm.paywall else { return .none(reason: .noPaywall, experiment: assignment) }
                paywallID = variantPaywall
            } else {
                assignment = ExperimentAssignment(experimentID: experiment.id, variantID: ExperimentAssignment.holdout)
            }
        }
        guard let paywall = document.paywall(paywallID), let offering = document.offering(paywall.offering) else {
            return .none(reason: .noPaywall, experiment: assignment)
        }
        var resolved = filling?(paywall, offering, context) ?? fill(paywall, offering: offering, context: context)
        resolved.placement = placementID
        resolved.rule = assignment == nil || assignment?.variantID == ExperimentAssignment.holdout ? rule : nil
        resolved.experiment = assignment
        return .show(resolved)
    }

    /// The paywall filled in for the context: strings, packages and prices.
    public func fill(_ paywall: PaywallDefinition, offering: Offering, context: PaywallContext) -> ResolvedPaywall {
        let (locale, texts) = paywall.strings(for: context.locale)
        let formattingLocale = context.locale ?? locale
        let store = context.platform.flatMap { Self.platformStores[$0] }
        let defaultID = paywall.defaultPackage ?? offering.packages.first?.id
        let packages = offering.packages.map { package($0, store: store, country: context.country, locale: formattingLocale, isDefault: $0.id == defaultID) }
        let selected = packages.first { $0.isDefault }
        let strings = texts.mapValues { text in
            PaywallText.fill(text) { name in value(of: name, package: selected, offering: offering, attributes: context.attributes, locale: formattingLocale) }
        }
        return ResolvedPaywall(
            placement: "", paywallID: paywall.id, revision: revision, template: paywall.template, locale: locale, strings: strings,
            images: paywall.images ?? [:], offeringID: offering.id, packages: packages, offer: paywall.offer, rule: nil, experiment: nil
        )
    }

    private func package(_ package: OfferingPackage, store: Store?, country: String?, locale: String, isDefault: Bool) -> ResolvedPaywall.Package {
        let productID = store.flatMap { package.productID(on: $0) }
        let listPrice = store.flatMap { store in productID.flatMap { catalog.product($0, store: store)?.price } }
        let storefront = store.map(Self.storefrontStores.contains) == true ? country.flatMap { package.prices?[$0] } : nil
        let price = storefront ?? listPrice
        let period = package.effectivePeriod
        let perMonth = period?.perMonth.flatMap { factor in price.flatMap { Self.scaled($0, by: factor) } }
        return ResolvedPaywall.Package(
            id: package.id, period: package.period ?? OfferingPackage.standardPeriods[package.id] ?? "", productID: productID,
            products: package.products, price: price, priceText: price?.formatted(locale: locale),
            pricePerMonthText: perMonth?.formatted(locale: locale), trialText: package.trial.flatMap(BillingPeriod.init)?.words,
            isDefault: isDefault
        )
    }

    /// `money` times `factor`, rounded to the minor unit; nil when that is not a whole number of minor units
    /// Int64 holds (a price no validation would let through).
    static func scaled(_ money: Money, by factor: Double) -> Money? {
        guard let minor = Int64(exactly: (Double(money.minorUnits) * factor).rounded()) else { return nil }
        return Money(minorUnits: minor, currency: money.currency)
    }

    private func value(of name: String, package: ResolvedPaywall.Package?, offering: Offering, attributes: [String: String], locale: String) -> String {
        if name.hasPrefix(PaywallText.attributePrefix) { return attributes[String(name.dropFirst(PaywallText.attributePrefix.count))] ?? "" }
        guard let package else { return "" }
        let definition = offering.package(package.id)
        func scaled(_ factor: Double) -> String {
            guard let price = package.price, let perMonth = definition?.effectivePeriod?.perMonth else { return "" }
            return Self.scaled(price, by: perMonth * factor)?.formatted(locale: locale) ?? ""
        }
        switch name {
        case "product.price": return package.priceText ?? ""
        case "product.price_per_month": return package.pricePerMonthText ?? ""
        case "product.price_per_week": return scaled(12.0 / 52.0)
        case "product.price_per_year": return scaled(12)
        case "product.period": return definition?.effectivePeriod?.words ?? ""
        case "trial.duration": return package.trialText ?? ""
        case "package.id": return package.id
        default: return ""
        }
    }
}
