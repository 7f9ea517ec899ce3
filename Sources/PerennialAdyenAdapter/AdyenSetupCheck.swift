import PerennialAdyen
import PerennialCore
import PerennialOutbound
import PerennialServices

/// What `perennial doctor` can see of an app's Adyen set-up, each problem with its fix: the API key refused,
/// the merchant account unknown to it, and products that cannot be sold or renewed (an Adyen product of the
/// catalog without a plan, a plan for no such product). It only reads: it lists the stored cards of a
/// shopper no one is.
struct AdyenSetupCheck {
    let connection: AdyenConnection
    let app: AppSettings

    func run() async -> [StoreDiagnosis] {
        var found = plans()
        let settings = connection.settings
        do {
            _ = try await connection.client.storedPaymentMethods(shopperReference: "perennial-doctor", merchantAccount: settings.merchantAccount)
        } catch where error.code == .unauthorized {
            found.append(problem(
                "adyen_api_key_rejected", "Adyen refused the app's API key (\(error.message))",
                "in the Customer Area › Developers › API credentials, give the credential the Checkout API role and put its key in adyen.api_key"))
        } catch where error.code == .refused {
            found.append(problem(
                "adyen_merchant_account_rejected", "Adyen refused merchant account \(settings.merchantAccount) for this key (\(error.message))",
                "set adyen.merchant_account to the merchant account the API credential may use (Customer Area › Settings › Merchant accounts)"))
        } catch {
            found.append(problem(
                "adyen_unreachable", "Adyen's Checkout API did not answer as expected (\(error.message)), so the set-up could not be checked",
                "check that this server reaches \(settings.apiBaseURL), then run perennial doctor again"))
        }
        return found
    }

    /// Catalog products of Adyen without a plan (nothing to charge), and plans naming no such product.
    private func plans() -> [StoreDiagnosis] {
        let products = Set(app.catalog.products.filter { $0.store == .adyen && $0.type == .autoRenewable }.map(\.id))
        let plans = Set(connection.settings.plans.keys)
        var found: [StoreDiagnosis] = []
        for product in products.subtracting(plans).sorted() {
            found.append(problem(
                "adyen_plan_missing", "the catalog sells \(product) through Adyen, but adyen.plans gives it no price and period",
                "add a plan for \(product) to adyen.plans (price, currency, period)"))
        }
        for plan in plans.subtracting(products).sorted() {
            found.append(problem(
                "adyen_plan_without_product", "adyen.plans has a plan for \(plan), which is no auto-renewable Adyen product of the catalog",
                "add \(plan) to the catalog with store: adyen and its entitlements, or remove the plan"))
        }
        return found
    }

    private func problem(_ code: String, _ problem: String, _ fix: String) -> StoreDiagnosis {
        StoreDiagnosis(store: .adyen, code: code, problem: problem, fix: fix)
    }
}
