import PerennialCore
import Testing

/// What a document is refused for, each at its field, as a table of one mistake per row made to a valid
/// document; and what a started experiment may no longer change.
@Suite struct PaywallDocumentValidatorTests {
    static let validator = PaywallDocumentValidator(
        catalog: Catalog(products: PaywallResolverTests.catalog.products + [
            Product(id: "pro.monthly.promo", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"], offers: [
                SubscriptionOffer(id: "back", productID: "pro.monthly.promo", paymentMode: .free, periods: 1,
                                  rule: .winBack(reasons: nil, minimumDays: nil, maximumDays: nil)),
                SubscriptionOffer(id: "stay", productID: "pro.monthly.promo", paymentMode: .free, periods: 1, rule: .retention),
            ]),
        ]),
        stores: [.appStore, .playStore, .stripe], previous: nil)

    struct Row: Sendable, CustomTestStringConvertible {
        var field: String
        var message: String
        var change: @Sendable (inout PaywallDocument) -> Void
        var testDescription: String { "\(field): \(message)" }
    }

    static let rows: [Row] = [
        Row(field: "offerings[0].packages[0].products.app_store", message: "no product nope") { $0.offerings[0].packages[0].products["app_store"] = "nope" },
        Row(field: "offerings[0].packages[0].products.amazon", message: "not a store this server runs") { $0.offerings[0].packages[0].products["amazon"] = "x" },
        Row(field: "offerings[0].packages[0].products.play_store", message: "product:base_plan") { $0.offerings[0].packages[0].products["play_store"] = "pro.monthly" },
        Row(field: "offerings[0].packages[1].period", message: "an ISO 8601 period") { $0.offerings[0].packages[1].period = "yearly" },
        Row(field: "offerings[0].packages[1].trial", message: "an ISO 8601 period") { $0.offerings[0].packages[1].trial = "lifetime" },
        Row(field: "offerings[0].packages[0].prices.fr", message: "alpha-2") { $0.offerings[0].packages[0].prices = ["fr": Money(minorUnits: 1, currency: "EUR")] },
        Row(field: "offerings[0].packages[1].id", message: "monthly is used twice") { $0.offerings[0].packages[1].id = "monthly"; $0.offerings[0].packages[1].period = "P1Y" },
        Row(field: "offerings[0].packages", message: "at least one package") { $0.offerings[0].packages = []; $0.paywalls = []; $0.experiments = []; $0.placements = [] },
        Row(field: "current_offering", message: "no offering spring") { $0.currentOffering = "spring" },
        Row(field: "paywalls[0].offering", message: "no offering spring") { $0.paywalls[0].offering = "spring" },
        Row(field: "paywalls[0].default_package", message: "has no package weekly") { $0.paywalls[0].defaultPackage = "weekly" },
        Row(field: "paywalls[0].template", message: "no template carousel") { $0.paywalls[0].template = "carousel" },
        Row(field: "paywalls[0].strings", message: "no strings for the default locale de") { $0.paywalls[0].defaultLocale = "de" },
        Row(field: "paywalls[0].strings.en.call_to_action", message: "the default template needs it") { $0.paywalls[0].strings["en"]?["call_to_action"] = nil },
        Row(field: "paywalls[0].strings.fr.greeting", message: "missing") { $0.paywalls[0].strings["fr"]?["greeting"] = nil },
        Row(field: "paywalls[0].strings.en.title", message: "unknown variable {{product.colour}}") { $0.paywalls[0].strings["en"]?["title"] = "{{product.colour}}" },
        Row(field: "paywalls[0].strings.en.title", message: "a {{ is not closed") { $0.paywalls[0].strings["en"]?["title"] = "Hi {{trial.duration" },
        Row(field: "paywalls[0].strings.x_y", message: "a BCP 47 locale") { $0.paywalls[0].strings["x_y"] = $0.paywalls[0].strings["en"] },
        Row(field: "paywalls[0].images.header", message: "an https URL") { $0.paywalls[0].images = ["header": "http://cdn.example/a.png"] },
        Row(field: "paywalls[0].offer.type", message: "has no trial") { $0.paywalls[0].offer = PaywallOffer(type: .introductory); $0.paywalls[0].defaultPackage = "monthly" },
        Row(field: "paywalls[0].offer.id", message: "names the catalog's offer") { $0.paywalls[0].offer = PaywallOffer(type: .promotional) },
        Row(field: "paywalls[0].offer.id", message: "product pro.yearly has no offer back") { $0.paywalls[0].offer = PaywallOffer(type: .promotional, id: "back") },
        Row(field: "paywalls[0].offer.id", message: "is for retention, not win_back") {
            $0.offerings[0].packages[1].products["app_store"] = "pro.monthly.promo"
            $0.paywalls[0].offer = PaywallOffer(type: .winBack, id: "stay")
        },
        Row(field: "placements[0].rules[0].paywall", message: "no paywall gone") { $0.placements[0].rules[0].paywall = "gone" },
        Row(field: "placements[0].default_paywall", message: "no paywall gone") { $0.placements[0].defaultPaywall = "gone" },
        Row(field: "placements[1].id", message: "1 to 64 letters") { $0.placements[1].id = "up grade" },
        Row(field: "experiments[0].placement", message: "no placement gone") { $0.experiments[0].placement = "gone" },
        Row(field: "experiments[0].variants", message: "2 to 5 variants") { $0.experiments[0].variants = [$0.experiments[0].variants[0]] },
        Row(field: "experiments[0].variants[0].weight", message: "from 1 to 1000") { $0.experiments[0].variants[0].weight = 0 },
        Row(field: "experiments[0].variants[0].id", message: "holdout names") { $0.experiments[0].variants[0].id = "holdout" },
        Row(field: "experiments[0].holdout_percent", message: "0 to 50") { $0.experiments[0].holdoutPercent = 60 },
        Row(field: "experiments[0].minimum_exposures_per_variant", message: "at least 100") { $0.experiments[0].design.minimumExposuresPerVariant = 10 },
        Row(field: "experiments[0].minimum_days", message: "7 to 365") { $0.experiments[0].design.minimumDays = 3 },
        Row(field: "experiments[0].probability_to_call", message: "0.9 to 0.999") { $0.experiments[0].design.probabilityToCall = 0.5 },
        Row(field: "experiments[0].status", message: "changes only through start, pause and stop") { $0.experiments[0].status = .running },
    ]

    static var valid: PaywallDocument {
        var document = PaywallResolverTests.document
        document.paywalls = document.paywalls.map { paywall in
            var paywall = paywall
            paywall.strings["fr"]?["greeting"] = "Salut"
            paywall.strings["fr-CA"] = paywall.strings["fr"]
            return paywall
        }
        document.experiments[0].status = .draft
        document.experiments[0].startedAt = nil
        return document
    }

    @Test func theValidDocumentHasNoProblem() {
        #expect(Self.validator.problems(in: Self.valid) == [])
    }

    @Test(arguments: rows) func eachMistakeIsNamedAtItsField(_ row: Row) {
        var document = Self.valid
        row.change(&document)
        let problems = Self.validator.problems(in: document)
        #expect(problems.contains { $0.field == row.field && $0.message.contains(row.message) }, "\(problems)")
    }

    @Test func aStartedExperimentKeepsItsDesignAndIsNotRemoved() {
        var started = Self.valid
        started.experiments[0].status = .running
        started.experiments[0].startedAt = Instant(milliseconds: 1)
        var validator = Self.validator
        validator.previous = started
        var changed = started
        changed.experiments[0].variants[0].weight = 5
        #expect(validator.problems(in: changed).contains { $0.field == "experiments[0]" && $0.message.contains("has started") })
        var removed = started
        removed.experiments = []
        #expect(validator.problems(in: removed).contains { $0.field == "experiments" && $0.message.contains("stop it rather than remove it") })
        var renamed = started
        renamed.paywalls[2].strings["en"]?["title"] = "A new title"
        #expect(validator.problems(in: renamed) == [], "the content of its paywalls may change")
    }
}
