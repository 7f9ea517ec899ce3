import PerennialAdyen
import PerennialStoreModule

/// Reads an app's `adyen:` section: `{api_key, hmac_keys: [current, previous?], merchant_account,
/// environment: test|live, api_base_url?, return_url, plans: [{product_id, price, currency, period}],
/// retry_days?, charge_ahead_minutes?, renewal_check_minutes?}`. The API key and HMAC keys are best given
/// as `${ENVIRONMENT_VARIABLE}`s; they are sealed in the database and never logged. The live platform needs
/// `api_base_url`, the merchant's own (`https://<prefix>-checkout-live.adyenpayments.com/checkout/v71`).
/// A plan's `price` is in the currency's minor units, its `period` `P<n>D`, `P<n>W`, `P<n>M` or `P<n>Y`;
/// every retry day and the charge ahead fall within the shortest period, so one period's attempts are over
/// before the next one's begin.
enum AdyenSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> AdyenSettings {
        try node.allowKeys([
            "api_key", "hmac_keys", "merchant_account", "environment", "api_base_url", "return_url", "plans", "retry_days",
            "charge_ahead_minutes", "renewal_check_minutes",
        ])
        let apiKey = try node.requiredChild("api_key").token()
        let keysNode = try node.requiredChild("hmac_keys")
        let keys = try keysNode.strings()
        guard (1...2).contains(keys.count), keys.allSatisfy({ AdyenNotificationVerifier(hexKeys: [$0], merchantAccount: "") != nil }) else {
            throw keysNode.error("must list the current HMAC key (hex, 16 to 64 bytes), and the previous one while replacing it")
        }
        let merchant = try node.requiredChild("merchant_account").token()
        let environmentNode = try node.requiredChild("environment")
        let isLive: Bool
        switch try environmentNode.string() {
        case "live": isLive = true
        case "test": isLive = false
        default: throw environmentNode.error("must be test or live")
        }
        let baseURL = try node.child("api_base_url")?.httpURL()
        if isLive, baseURL == nil { throw node.error("environment: live needs api_base_url, your live Checkout endpoint (with its version)") }
        let plansNode = try node.requiredChild("plans")
        var plans: [String: AdyenPlan] = [:]
        for planNode in try plansNode.elements() {
            let (id, plan) = try parsePlan(planNode)
            guard plans[id] == nil else { throw planNode.error("product \(id) has two plans") }
            plans[id] = plan
        }
        guard !plans.isEmpty else { throw plansNode.error("must list at least one plan") }
        var retryDays = [1, 3, 7]
        if let daysNode = try node.child("retry_days") {
            retryDays = try daysNode.elements().map { try $0.positiveInteger() }
            guard retryDays.count <= 10, retryDays == retryDays.sorted(), Set(retryDays).count == retryDays.count else {
                throw daysNode.error("must list up to 10 days after a period's start, ascending")
            }
        }
        let ahead = try node.child("charge_ahead_minutes")?.integer() ?? 60
        let check = try node.child("renewal_check_minutes")?.positiveInteger() ?? 15
        let shortest = plans.values.map(\.period.shortestDays).min() ?? 1
        guard (0...1440).contains(ahead), Double(ahead) / 1440 < Double(shortest), (retryDays.last ?? 0) < shortest else {
            throw node.error("retry_days and charge_ahead_minutes (at most a day) must fall within the shortest plan's period (\(shortest) days)")
        }
        return AdyenSettings(
            apiKey: apiKey, hmacKeys: keys, merchantAccount: merchant, isLive: isLive, apiBaseURL: baseURL,
            returnURL: try node.requiredChild("return_url").httpURL(), plans: plans, retryDays: retryDays, chargeAheadMinutes: ahead,
            renewalCheckMinutes: check)
    }

    private static func parsePlan(_ node: ConfigurationNode) throws -> (String, AdyenPlan) {
        try node.allowKeys(["product_id", "price", "currency", "period"])
        let idNode = try node.requiredChild("product_id")
        let id = try idNode.string()
        guard AdyenSubscriptionID.isValidProductID(id) else { throw idNode.error("must be 1 to 40 letters, digits, '_', '-' or '.'") }
        let price = try node.requiredChild("price").positiveInteger()
        let currencyNode = try node.requiredChild("currency")
        let currency = try currencyNode.string()
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else { throw currencyNode.error("must be an ISO 4217 code, EUR") }
        let periodNode = try node.requiredChild("period")
        guard let period = AdyenBillingPeriod(iso8601: try periodNode.string()) else {
            throw periodNode.error("must be P<n>D, P<n>W, P<n>M or P<n>Y")
        }
        return (id, AdyenPlan(price: AdyenAmount(value: Int64(price), currency: currency), period: period))
    }
}
