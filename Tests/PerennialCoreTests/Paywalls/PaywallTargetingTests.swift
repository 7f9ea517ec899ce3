import PerennialCore
import Testing

/// Every targeting condition, as a table of a context and whether it matches; then a placement's rules:
/// first match wins, then the default, and the same context always resolves the same way.
@Suite struct PaywallTargetingTests {
    static let context = PaywallContext(
        stage: .churned(reason: .billingError), platform: "ios", device: "tablet", appVersion: AppVersion("2.10.1"), country: "FR",
        locale: "fr-CA", stores: [.appStore], attributes: ["plan_interest": "yearly", "age": "34"], eligibleOffers: ["winback50"],
        churnRisk: 72, signals: ["sessions_7d": 5])
    static let bare = PaywallContext(stage: .new)

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var condition: PaywallCondition
        var matches: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "stage churned", condition: .stage(["churned", "lapsing"]), matches: true),
        Row(name: "stage new", condition: .stage(["new"]), matches: false),
        Row(name: "churned for billing", condition: .churnedFor([.billingError]), matches: true),
        Row(name: "churned voluntarily", condition: .churnedFor([.voluntary]), matches: false),
        Row(name: "platform ios", condition: .platform(["ios"]), matches: true),
        Row(name: "platform web", condition: .platform(["web"]), matches: false),
        Row(name: "device tablet or phone", condition: .device(["phone", "tablet"]), matches: true),
        Row(name: "device tv", condition: .device(["tv"]), matches: false),
        Row(name: "version 2.9 up to 3", condition: .appVersion(from: AppVersion("2.9"), below: AppVersion("3")), matches: true),
        Row(name: "version from 2.10.2", condition: .appVersion(from: AppVersion("2.10.2"), below: nil), matches: false),
        Row(name: "version below 2.10.1", condition: .appVersion(from: nil, below: AppVersion("2.10.1")), matches: false),
        Row(name: "country FR", condition: .country(["FR", "BE"]), matches: true),
        Row(name: "country US", condition: .country(["US"]), matches: false),
        Row(name: "locale fr covers fr-CA", condition: .locale(["fr"]), matches: true),
        Row(name: "locale f is no prefix of a language", condition: .locale(["f"]), matches: false),
        Row(name: "locale fr-FR", condition: .locale(["fr-FR"]), matches: false),
        Row(name: "bought on the App Store", condition: .store([.appStore, .stripe]), matches: true),
        Row(name: "bought on Play", condition: .store([.playStore]), matches: false),
        Row(name: "attribute equals", condition: .attributeEquals("plan_interest", "yearly"), matches: true),
        Row(name: "attribute differs", condition: .attributeEquals("plan_interest", "monthly"), matches: false),
        Row(name: "attribute in", condition: .attributeIn("plan_interest", ["monthly", "yearly"]), matches: true),
        Row(name: "attribute exists", condition: .attributeExists("age"), matches: true),
        Row(name: "attribute missing", condition: .attributeExists("email"), matches: false),
        Row(name: "attribute at least 30", condition: .attributeNumber("age", .atLeast, 30), matches: true),
        Row(name: "attribute below 30", condition: .attributeNumber("age", .lessThan, 30), matches: false),
        Row(name: "a text attribute is no number", condition: .attributeNumber("plan_interest", .atLeast, 0), matches: false),
        Row(name: "eligible for the win-back", condition: .eligibleFor("winback50"), matches: true),
        Row(name: "not eligible for the intro", condition: .eligibleFor("intro"), matches: false),
        Row(name: "churn risk over 70", condition: .churnRisk(.greaterThan, 70), matches: true),
        Row(name: "churn risk at most 50", condition: .churnRisk(.atMost, 50), matches: false),
        Row(name: "signal equals 5", condition: .signal("sessions_7d", .equal, 5), matches: true),
        Row(name: "unknown signal", condition: .signal("lessons", .atLeast, 0), matches: false),
        Row(name: "all", condition: .all([.platform(["ios"]), .country(["FR"])]), matches: true),
        Row(name: "any", condition: .any([.platform(["web"]), .country(["FR"])]), matches: true),
        Row(name: "not", condition: .not(.platform(["ios"])), matches: false),
    ]

    @Test(arguments: rows)
    func condition(_ row: Row) {
        #expect(row.condition.matches(Self.context) == row.matches)
    }

    /// What the request did not say never matches, except through `not`.
    @Test(arguments: rows.filter { $0.matches })
    func unknownsDoNotMatch(_ row: Row) {
        switch row.condition {
        case .stage, .any, .not: return
        default: #expect(!row.condition.matches(Self.bare), "\(row.name)")
        }
    }

    @Test func theFirstMatchingRuleDecidesThenTheDefault() {
        let targeting = PlacementTargeting(rules: [
            .init(name: "subscribers see nothing", conditions: [.stage(["subscriber", "trial"])], paywallID: nil),
            .init(name: "win back on iOS", conditions: [.stage(["churned"]), .platform(["ios"])], paywallID: "winback"),
            .init(name: "churned elsewhere", conditions: [.stage(["churned"])], paywallID: "churned"),
        ], defaultPaywallID: "onboarding")
        #expect(targeting.resolve(Self.context) == ("winback", "win back on iOS"))
        var web = Self.context
        web.platform = "web"
        #expect(targeting.resolve(web) == ("churned", "churned elsewhere"))
        #expect(targeting.resolve(PaywallContext(stage: .subscriber)) == (nil, "subscribers see nothing"))
        #expect(targeting.resolve(Self.bare) == ("onboarding", nil))
        #expect((0..<100).allSatisfy { _ in targeting.resolve(Self.context) == ("winback", "win back on iOS") })
    }

    @Test func versionsCompareNumberByNumber() {
        #expect(AppVersion("2.10")! > AppVersion("2.9")!)
        #expect(AppVersion("2")! == AppVersion("2.0.0")!)
        #expect(AppVersion("3.1-beta")!.numbers == [3, 1])
        #expect(AppVersion("beta") == nil)
        #expect(AppVersion("")  == nil)
    }
}
