import Foundation
import PerennialStoreModule
import PerennialStripe
import PerennialStripeAdapter

/// Reads an app's `stripe:` section: `{secret_key, webhook_secrets: [..], api_base_url?, api_version?,
/// tolerance_seconds?, past_due_access: grace|none, checkout: {success_url, cancel_url, trial_days?}?,
/// portal_return_url?}`.
/// Keys and secrets are best given as `${ENVIRONMENT_VARIABLES}`; they are sealed in the database and never
/// logged.
enum StripeSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> StripeSettings {
        try node.allowKeys([
            "secret_key", "webhook_secrets", "api_base_url", "api_version", "tolerance_seconds", "past_due_access", "checkout",
            "portal_return_url",
        ])
        let keyNode = try node.requiredChild("secret_key")
        let key = try keyNode.string()
        guard ["sk_test_", "sk_live_", "rk_test_", "rk_live_"].contains(where: key.hasPrefix), key.count > 8 else {
            throw keyNode.error("must be a Stripe secret or restricted key (sk_… or rk_…)")
        }
        let secretsNode = try node.requiredChild("webhook_secrets")
        let secrets = try secretsNode.strings()
        guard !secrets.isEmpty, secrets.allSatisfy({ $0.hasPrefix("whsec_") && $0.count > 6 }) else {
            throw secretsNode.error("list the webhook endpoint's signing secrets (whsec_…); two while one is rolled")
        }
        var settings = StripeSettings(secretKey: StripeSecretKey(key), webhookSecrets: secrets)
        if let base = try node.child("api_base_url") { settings.apiBaseURL = try base.httpURL() }
        if let version = try node.child("api_version") {
            let text = try version.string()
            guard !text.isEmpty, text.count <= 64, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else {
                throw version.error("must be a Stripe API version, e.g. \(StripeAPIClient.pinnedAPIVersion)")
            }
            settings.apiVersion = text
        }
        if let tolerance = try node.child("tolerance_seconds") {
            settings.toleranceSeconds = try tolerance.positiveInteger()
            guard settings.toleranceSeconds <= 3_600 else { throw tolerance.error("must be at most 3600 seconds") }
        }
        if let access = try node.child("past_due_access") {
            guard let value = StripePastDueAccess(rawValue: try access.string()) else { throw access.error("must be grace or none") }
            settings.pastDueAccess = value
        }
        if let checkout = try node.child("checkout") {
            try checkout.allowKeys(["success_url", "cancel_url", "trial_days"])
            settings.checkout = StripeSettings.Checkout(
                successURL: try checkout.requiredChild("success_url").httpURL(), cancelURL: try checkout.requiredChild("cancel_url").httpURL(),
                trialDays: try checkout.child("trial_days")?.positiveInteger())
        }
        if let portal = try node.child("portal_return_url") { settings.portalReturnURL = try portal.httpURL() }
        return settings
    }
}
