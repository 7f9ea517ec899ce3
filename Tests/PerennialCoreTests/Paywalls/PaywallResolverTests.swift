import PerennialCore
import Testing

/// Resolution as a table: who gets which paywall (entitled, rules, default, the experiment's arm, its
/// audience, a variant of no paywall), then what is filled in (locale fallbacks, variables, storefront and
/// list prices, the price of a month).
@Suite struct PaywallResolverTests {
    static let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"], price: Money(minorUnits: 999, currency: "USD")),
        Product(id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"], price: Money(minorUnits: 4999, currency: "USD")),
        Product(id: "price_web", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"], store: .stripe,
                price: Money(minorUnits: 1099, currency: "USD")),
    ])

    static func paywall(_ id: String) -> PaywallDefinition {
        PaywallDefinition(id: id, defaultLocale: "en", strings: [
            "en": ["title": "\(id) title", "call_to_action": "{{product.price_per_month}} a month after {{trial.duration}}",
                   "greeting": "Hi {{customer.attribute.name}}, {{product.period}} for {{product.price}}"],
            "fr": ["title": "titre \(id)", "call_to_action": "{{product.price_per_month}} par mois"],
            "fr-CA": ["title": "titre québécois \(id)"],
        ], defaultPackage: "annual")
    }

    static let document = PaywallDocument(
        offerings: [Offering(id: "default", packages: [
            OfferingPackage(id: "monthly", products: ["app_store": "pro.monthly", "stripe": "price_web"], prices: ["FR": Money(minorUnits: 1099, currency: "EUR")]),
            OfferingPackage(id: "annual", products: ["app_store": "pro.yearly"], trial: "P1W"),
        ])],
        currentOffering: "default",
        paywalls: [paywall("plain"), paywall("bold"), paywall("winback")],
        placements: [
            Placement(id: "onboarding", rules: [
                .init(name: "lapsed", when: .stage(["churned"]), paywall: "winback"),
                .init(name: "tv", when: .device(["tv"]), paywall: nil),
            ], defaultPaywall: "plain"),
            Placement(id: "upgrade", defaultPaywall: "bold", showToEntitled: true),
        ],
        experiments: [Experiment(
            id: "onb", placement: "onboarding", audience: .platform(["ios"]),
            variants: [.init(id: "a", paywall: "plain", weight: 1), .init(id: "b", paywall: "bold", weight: 1), .init(id: "none", paywall: nil, weight: 1)],
            design: ExperimentDesign(minimumExposuresPerVariant: 100), status: .running, startedAt: Instant(milliseconds: 0))]
    )

    static let resolver = PaywallResolver(document: document, revision: 7, catalog: catalog)

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var placement = "onboarding"
        var context: PaywallContext
        var entitled = false
        /// The arm bucketing gives (nil: held out).
        var arm: Int? = nil
        var paywall: String?
        var experiment: ExperimentAssignment?
        var rule: String?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "new on the web: the default", context: .init(stage: .new, platform: "web"), paywall: "plain"),
        Row(name: "churned: the first rule", context: .init(stage: .churned(reason: .voluntary), platform: "web"), paywall: "winback", rule: "lapsed"),
        Row(name: "a TV: no paywall", context: .init(stage: .new, device: "tv"), paywall: nil),
        Row(name: "entitled: none", context: .init(stage: .subscriber), entitled: true, paywall: nil),
        Row(name: "entitled where the placement sells to them", placement: "upgrade", context: .init(stage: .subscriber), entitled: true,
            paywall: "bold"),
        Row(name: "iOS: in the experiment, arm b", context: .init(stage: .new, platform: "ios"), arm: 1, paywall: "bold",
            experiment: .init(experimentID: "onb", variantID: "b")),
        Row(name: "iOS: the arm of no paywall", context: .init(stage: .new, platform: "ios"), arm: 2, paywall: nil,
            experiment: .init(experimentID: "onb", variantID: "none")),
        Row(name: "iOS: held out, the placement's own answer", context: .init(stage: .new, platform: "ios"), arm: nil, paywall: "plain",
            experiment: .init(experimentID: "onb", variantID: "holdout")),
        Row(name: "iOS churned: the experiment overrides the rule", context: .init(stage: .churned(reason: nil), platform: "ios"), arm: 0,
            paywall: "plain", experiment: .init(experimentID: "onb", variantID: "a")),
        Row(name: "iOS TV: a rule of no paywall keeps the customer out of the experiment", context: .init(stage: .new, platform: "ios", device: "tv"),
            arm: 0, paywall: nil),
    ]

    @Test(arguments: rows) func whoGetsWhichPaywall(_ row: Row) throws {
        let decision = try #require(Self.resolver.resolve(placement: row.placement, context: row.context, entitled: row.entitled) { _ in row.arm })
        switch decision {
        case .show(let paywall):
            #expect(paywall.paywallID == row.paywall)
            #expect(paywall.experiment == row.experiment)
            #expect(paywall.rule == row.rule)
            #expect(paywall.revision == 7 && paywall.placement == row.placement)
        case .none(let reason, let experiment):
            #expect(row.paywall == nil, "no paywall, for \(reason)")
            #expect(experiment == row.experiment)
            #expect(reason == (row.entitled ? .entitled : .noPaywall))
        }
        #expect(Self.resolver.resolve(placement: "nowhere", context: row.context, entitled: false) { _ in 0 } == nil)
    }

    @Test func stringsFallBackFromTheMostSpecificLocaleAndVariablesAreFilled() throws {
        let context = PaywallContext(stage: .new, platform: "ios", locale: "fr-CA", attributes: ["name": "Zoé"])
        let quebec = Self.resolver.fill(Self.paywall("plain"), offering: Self.document.offerings[0], context: context)
        #expect(quebec.locale == "fr-CA")
        #expect(quebec.strings["title"] == "titre québécois plain")
        let perMonth = Money(minorUnits: 417, currency: "USD").formatted(locale: "fr-CA")
        #expect(quebec.strings["call_to_action"] == "\(perMonth) par mois", "from fr, the annual package at $49.99 / 12")
        #expect(quebec.strings["greeting"] == "Hi Zoé, 1 year for \(Money(minorUnits: 4999, currency: "USD").formatted(locale: "fr-CA"))",
                "from the default locale")
        let english = Self.resolver.fill(Self.paywall("plain"), offering: Self.document.offerings[0], context: .init(stage: .new, locale: "de"))
        #expect(english.locale == "en" && english.strings["title"] == "plain title")
        #expect(english.strings["call_to_action"] == " a month after 1 week", "no platform: no store, so no price")
    }

    @Test func pricesComeFromTheStorefrontElseTheCatalogOfThePlatformsStore() throws {
        let offering = Self.document.offerings[0]
        let france = Self.resolver.fill(Self.paywall("plain"), offering: offering, context: .init(stage: .new, platform: "ios", country: "FR", locale: "en"))
        #expect(france.packages[0].price == Money(minorUnits: 1099, currency: "EUR") && france.packages[0].priceText == "€10.99")
        #expect(france.packages[1].price == Money(minorUnits: 4999, currency: "USD") && france.packages[1].pricePerMonthText == "$4.17")
        #expect(france.packages.map(\.isDefault) == [false, true])
        let web = Self.resolver.fill(Self.paywall("plain"), offering: offering, context: .init(stage: .new, platform: "web", locale: "en"))
        #expect(web.packages[0].productID == "price_web" && web.packages[0].priceText == "$10.99")
        #expect(web.packages[1].productID == nil && web.packages[1].price == nil, "the annual package is not sold on the web")
        #expect(web.packages[1].trialText == "1 week")
    }
}
