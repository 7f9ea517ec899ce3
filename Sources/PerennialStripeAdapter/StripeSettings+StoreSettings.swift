import PerennialServices

extension StripeSettings: StoreSettings {
    /// The secret key and the webhook signing secrets.
    public var secrets: [String: [String]] {
        ["secret_key": [secretKey.revealed], "webhook_secrets": webhookSecrets]
    }

    public func isSame(as other: any StoreSettings) -> Bool {
        (other as? StripeSettings) == self
    }
}
