import Foundation

extension PlaySubscriptionPurchase {
    /// The `kind` Google gives a SubscriptionPurchaseV2.
    public static let kindName = "androidpublisher#subscriptionPurchaseV2"

    /// Reads a body as `purchases.subscriptionsv2.get` returns it; throws when it is not one: not a JSON
    /// object, another `kind`, no line item, a line item without a product, or a timestamp that is not RFC
    /// 3339. Unknown fields and enumeration values are accepted.
    public static func decode(from data: Data) throws(PlayPurchaseDecodingError) -> PlaySubscriptionPurchase {
        let purchase: PlaySubscriptionPurchase
        do {
            purchase = try JSONDecoder().decode(PlaySubscriptionPurchase.self, from: data)
        } catch let error as DecodingError {
            throw PlayPurchaseDecodingError("not a SubscriptionPurchaseV2: \(Self.describe(error))")
        } catch {
            throw PlayPurchaseDecodingError("not a SubscriptionPurchaseV2: not JSON")
        }
        if let kind = purchase.kind, kind != kindName {
            throw PlayPurchaseDecodingError("not a SubscriptionPurchaseV2: kind is not \(kindName)")
        }
        guard !purchase.lineItems.isEmpty else {
            throw PlayPurchaseDecodingError("not a SubscriptionPurchaseV2: lineItems is empty")
        }
        for (field, value) in purchase.timestamps where PlayTimestamp.instant(value) == nil {
            throw PlayPurchaseDecodingError("\(field) is not an RFC 3339 timestamp")
        }
        return purchase
    }

    /// Every timestamp the translation reads, with its field's path.
    private var timestamps: [(String, String)] {
        var result: [(String, String)] = []
        if let startTime { result.append(("startTime", startTime)) }
        if let resume = pausedStateContext?.autoResumeTime { result.append(("pausedStateContext.autoResumeTime", resume)) }
        for (index, item) in lineItems.enumerated() {
            if let expiry = item.expiryTime { result.append(("lineItems[\(index)].expiryTime", expiry)) }
        }
        return result
    }

    /// The field a decoding error is about, without any of the body's values.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the body" : names.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return parent == "the body" ? "\(key.stringValue) is missing" : "\(parent).\(key.stringValue) is missing"
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is invalid"
        @unknown default: return "unreadable"
        }
    }
}
