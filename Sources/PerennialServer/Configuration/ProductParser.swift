import PerennialCore

/// Reads one entry of an app's `products:`.
enum ProductParser {
    static func parse(_ node: ConfigurationNode) throws -> Product {
        try node.allowKeys(["id", "type", "subscription_group", "group_level", "duration_days", "entitlements", "offers"])
        let id = try node.requiredChild("id").string()
        let typeNode = try node.requiredChild("type")
        guard let type = ProductType(rawValue: try typeNode.string()) else {
            throw typeNode.error("unknown product type; expected one of: \(ProductType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let entitlementsNode = try node.child("entitlements")
        let entitlements = try entitlementsNode?.strings() ?? []
        guard !entitlements.isEmpty, entitlements.allSatisfy({ !$0.isEmpty }) else {
            throw (entitlementsNode ?? node).error("product \(id) grants no entitlements; list at least one, e.g. [pro]")
        }
        let durationDays = try node.child("duration_days")?.integer()
        if type == .nonRenewing, (durationDays ?? 0) <= 0 {
            throw node.error("a non_renewing product needs duration_days (how long one purchase grants access)")
        }
        let group = try node.child("subscription_group")?.string()
        if type == .autoRenewable, group == nil {
            throw node.error("an auto_renewable product needs subscription_group")
        }
        return Product(
            id: id, type: type, subscriptionGroup: group, groupLevel: try node.child("group_level")?.integer(),
            durationDays: durationDays, entitlements: entitlements,
            offers: try OfferParser.parse(try node.child("offers"), productID: id, type: type)
        )
    }
}
