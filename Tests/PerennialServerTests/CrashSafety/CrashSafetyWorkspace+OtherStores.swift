import Foundation

extension CrashSafetyWorkspace {
    /// The stores besides the App Store's signed data, all played by one simulator on this machine: Apple's
    /// verifyReceipt (receipts), Google Play (its Developer API, OAuth and push keys) and Stripe (its API and
    /// webhook secret).
    struct OtherStores {
        static let stripeSecretKey = "sk_test_crash_0123456789"
        static let stripeWebhookSecret = "whsec_crash_0123456789"
        static let playKeyFile = "play-service-account.json"
        /// What Google's push tokens must carry.
        static let playAudience = "https://perennial.test/v1/google/notifications/\(CrashSafetyWorkspace.appID)"
        static let playServiceAccountEmail = "rtdn-push@perennial-simulator.iam.gserviceaccount.com"

        /// The simulator's base URL.
        let simulatorURL: String
        /// The Stripe price the catalog sells (`store: stripe`).
        let stripePriceID: String
        /// The service account key the Play simulator issued.
        let playServiceAccountKey: Data

        /// The lines under the app's `apple:` key.
        var appleYAML: String {
            "\n      verify_receipt_url: \(simulatorURL)/production/verifyReceipt"
        }

        /// The product lines under `products:`.
        var productYAML: String {
            """

                  - id: \(stripePriceID)
                    type: auto_renewable
                    store: stripe
                    subscription_group: pro
                    entitlements: [pro]
            """
        }

        /// The app's `google:` and `stripe:` sections, the Play key file in `directory`.
        func storesYAML(directory: URL) -> String {
            """

                google:
                  package_name: \(CrashSafetyWorkspace.bundleID)
                  service_account_key_file: \(directory.appendingPathComponent(Self.playKeyFile).path)
                  pubsub:
                    audience: \(Self.playAudience)
                    service_account_email: \(Self.playServiceAccountEmail)
                  api_base_url: \(simulatorURL)
                  token_uri: \(simulatorURL)/token
                  certs_url: \(simulatorURL)/oauth2/v3/certs
                stripe:
                  secret_key: \(Self.stripeSecretKey)
                  webhook_secrets: [\(Self.stripeWebhookSecret)]
                  api_base_url: \(simulatorURL)
                  checkout: {success_url: "https://app.example/done", cancel_url: "https://app.example/cancel"}
            """
        }
    }
}
