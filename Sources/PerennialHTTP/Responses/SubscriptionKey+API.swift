import PerennialCore

extension SubscriptionKey {
    /// The id under the App Store's name for it (`original_transaction_id`), which the API keeps for App
    /// Store subscriptions; nil for other stores, whose ids are something else.
    var appStoreOriginalTransactionID: String? {
        store == .appStore ? id : nil
    }
}
