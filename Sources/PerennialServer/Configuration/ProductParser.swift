import Foundation
import PerennialCore
import PerennialStoreModule

/// Reads one entry of an app's `products:`.
enum ProductParser {
    static func parse(_ node: ConfigurationNode) throws -> Product {
        try node.allowKeys([
            "id", "type", "store", "base_plans", "subscription_group", "group_level", "duration_days", "entitlements", "offers",
            "price",
        ])
        let id = try node.requiredChild("id").string()
        let store = try node.child("store").map(parseStore)
        let module = store.flatMap(StoreModules.module(for:))
        let basePlansNode = try node.child("base_plans")
        let basePlans = try basePlansNode?.strings() ?? []
        if let basePlansNode, module == nil {
            throw basePlansNode.error("base_plans belong to one store's product: add its store:")
        }
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
        let needsGroup = module?.productsNeedSubscriptionGroup ?? StoreModules.all.contains { $0.productsNeedSubscriptionGroup }
        if type == .autoRenewable, group == nil, needsGroup {
            let without = StoreModules.all.filter { !$0.productsNeedSubscriptionGroup }.map { "store: \($0.name)" }
            throw node.error("an auto_renewable product needs subscription_group (not needed with \(without.joined(separator: " or ")))")
        }
        let product = Product(
            id: id, type: type, subscriptionGroup: group, groupLevel: try node.child("group_level")?.integer(),
            durationDays: durationDays, entitlements: entitlements,
            offers: try OfferParser.parse(try node.child("offers"), productID: id, type: type), store: store,
            basePlanIDs: basePlans, price: try node.child("price").map(price)
        )
        try module?.checkProduct(product, node: node)
        return product
    }

    /// A list price, `"9.99 USD"` (`Money(listPrice:)`).
    private static func price(_ node: ConfigurationNode) throws -> Money {
        let text = try node.string()
        do {
            return try Money(listPrice: text)
        } catch {
            throw node.error(error.problem)
        }
    }

    /// A store's short name in the configuration (`google`) or its own (`play_store`), of a store the
    /// server runs.
    private static func parseStore(_ node: ConfigurationNode) throws -> Store {
        let name = try node.string()
        if let module = StoreModules.all.first(where: { $0.name == name || $0.store.rawValue == name }) { return module.store }
        throw node.error("unknown store; expected \(StoreModules.all.map(\.name).joined(separator: ", "))")
    }
}
