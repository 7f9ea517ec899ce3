import PerennialCore

extension ReceiptInspection {
    /// The inspection as one line of JSON with its keys in the documented order, whatever the platform's
    /// `JSONEncoder` does with key order: `{"status": 0, "environment": "Sandbox", "subscriptions": [{…}]}`.
    public var jsonText: String {
        JSONText.object([
            ("status", String(status)),
            ("environment", JSONText.string(environment)),
            ("subscriptions", JSONText.array(subscriptions.map(\.jsonText))),
        ])
    }
}
