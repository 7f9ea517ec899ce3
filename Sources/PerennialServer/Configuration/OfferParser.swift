import PerennialCore
import PerennialStoreModule

/// Reads the promotional offers of one product.
enum OfferParser {
    /// App Store Connect allows ten promotional offers per subscription.
    static let maximumPerProduct = 10

    static func parse(_ node: ConfigurationNode?, productID: String, type: ProductType) throws -> [SubscriptionOffer] {
        guard let node else { return [] }
        let elements = try node.elements()
        guard elements.count <= maximumPerProduct else {
            throw node.error("App Store Connect allows at most \(maximumPerProduct) promotional offers per product; \(productID) declares \(elements.count)")
        }
        guard elements.isEmpty || type == .autoRenewable else { throw node.error("only auto_renewable products have offers") }
        var ids: Set<String> = []
        return try elements.map { element in
            try element.allowKeys(["id", "type", "periods", "price", "rule", "max_redemptions", "cooldown_days"])
            let id = try element.requiredChild("id").string()
            guard ids.insert(id).inserted else { throw element.error("offer \(id) is declared twice") }
            let typeNode = try element.requiredChild("type")
            guard let mode = OfferPaymentMode(rawValue: try typeNode.string()) else {
                throw typeNode.error("expected one of: \(OfferPaymentMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let periods = try element.child("periods")?.integer() ?? 1
            guard periods >= 1 else { throw element.error("periods must be at least 1") }
            let price = try element.child("price")?.string()
            if mode != .free, price == nil { throw element.error("a \(mode.rawValue) offer needs a price") }
            return SubscriptionOffer(
                id: id, productID: productID, paymentMode: mode, periods: periods, price: price,
                rule: try element.child("rule").map(parseRule) ?? .anySubscriber,
                maximumRedemptions: try element.child("max_redemptions")?.integer(),
                cooldownDays: try element.child("cooldown_days")?.integer()
            )
        }
    }

    static func parseRule(_ node: ConfigurationNode) throws -> OfferRule {
        try node.allowKeys(["kind", "reasons", "min_days", "max_days", "min_renewals", "threshold"])
        let kind = try node.requiredChild("kind")
        switch try kind.string() {
        case "any_subscriber": return .anySubscriber
        case "retention": return .retention
        case "win_back":
            let reasons = try node.child("reasons")?.elements().map { element in
                guard let reason = ExpirationReason(rawValue: try element.string()) else {
                    throw element.error("expected one of: \(ExpirationReason.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return reason
            }
            return .winBack(
                reasons: reasons.map(Set.init), minimumDays: try node.child("min_days")?.integer(),
                maximumDays: try node.child("max_days")?.integer()
            )
        case "upgrade": return .upgrade(minimumRenewals: try node.child("min_renewals")?.integer() ?? 0)
        case "loyalty": return .loyalty(minimumRenewals: try node.child("min_renewals")?.integer() ?? 1)
        case "customer_service": return .customerService
        case "save":
            let threshold = try node.child("threshold")?.integer() ?? 50
            guard (1...100).contains(threshold) else { throw node.error("threshold must be between 1 and 100") }
            return .save(threshold: threshold)
        default: throw kind.error("expected one of: any_subscriber, win_back, retention, upgrade, loyalty, customer_service, save")
        }
    }
}
