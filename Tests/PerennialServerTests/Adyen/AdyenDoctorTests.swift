import Foundation
import PerennialAdyen
import PerennialAdyenAdapter
import PerennialCore
import PerennialServices
import Synchronization
import Testing

/// `perennial doctor` on an app's Adyen set-up: a sound one has no problem; a refused key, a merchant
/// account the key may not use, and plans that match no product (or products with no plan) are named with
/// their fixes.
@Suite struct AdyenDoctorTests {
    static func problems(_ configure: @escaping @Sendable (inout AppSettings) -> Void) async throws -> [String] {
        let setup = await AdyenSetup()
        let found = Mutex<[String]>([])
        try await TestHarness.run(configureApp: { setup.configure(&$0); configure(&$0) }, adyen: setup.adyen.transport) { harness in
            let app = try #require(harness.configuration.apps.first)
            let codes = await harness.stack.doctor.checking(within: .seconds(60)).examine(app).filter { $0.store == .adyen }.map(\.code)
            found.withLock { $0 = codes }
        }
        return found.withLock { $0 }
    }

    static func adyen(_ app: inout AppSettings, _ change: (inout AdyenSettings) -> Void) {
        guard var settings = app.storeSettings[.adyen] as? AdyenSettings else { return }
        change(&settings)
        app.storeSettings[.adyen] = settings
    }

    @Test func aSoundSetUpHasNoProblem() async throws {
        #expect(try await Self.problems { _ in }.isEmpty)
    }

    @Test func aRefusedKeyIsNamed() async throws {
        #expect(try await Self.problems { Self.adyen(&$0) { $0.apiKey = "AQE-wrong" } } == ["adyen_api_key_rejected"])
    }

    @Test func anotherMerchantAccountIsNamed() async throws {
        #expect(try await Self.problems { Self.adyen(&$0) { $0.merchantAccount = "OtherECOM" } } == ["adyen_merchant_account_rejected"])
    }

    @Test func plansAndProductsThatDoNotMatchAreNamed() async throws {
        let codes = try await Self.problems { app in
            Self.adyen(&app) { $0.plans["adyen_gone"] = AdyenPlan(price: AdyenAmount(value: 100, currency: "EUR"), period: AdyenBillingPeriod(1, .year)) }
            app.catalog = Catalog(products: app.catalog.products + [Product(id: "adyen_yearly", type: .autoRenewable, entitlements: ["pro"], store: .adyen)])
        }
        #expect(codes == ["adyen_plan_missing", "adyen_plan_without_product"])
    }
}
