extension StorePayment {
    /// The payment as one JSON object, keys in a fixed order:
    /// `{"<labelKey>": "October 2023", "payment_date": "2023-10-05", "revenue_period_start": "2023-08-06",
    /// "revenue_period_end": "2023-09-02"}`; the label member is left out when `labelKey` is nil.
    public func jsonText(labelKey: String?) -> String {
        var members: [(key: String, value: String)] = []
        if let labelKey { members.append((labelKey, JSONText.string(label))) }
        members.append(("payment_date", JSONText.string(paymentDate.description)))
        members.append(("revenue_period_start", JSONText.string(revenuePeriodStart.description)))
        members.append(("revenue_period_end", JSONText.string(revenuePeriodEnd.description)))
        return JSONText.object(members)
    }

    /// A JSON array of payments, one object per line (`[]` when there are none).
    public static func jsonText(_ payments: [StorePayment], labelKey: String?) -> String {
        guard !payments.isEmpty else { return "[]" }
        return "[\n" + payments.map { "  " + $0.jsonText(labelKey: labelKey) }.joined(separator: ",\n") + "\n]"
    }
}
