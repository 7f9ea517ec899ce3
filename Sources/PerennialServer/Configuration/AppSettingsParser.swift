import Foundation
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Reads one entry of `apps:` and checks what a store would otherwise reveal only in production.
enum AppSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> AppSettings {
        try node.allowKeys(Set(["id", "bundle_id", "revenue", "products", "api_keys", "rate_limit", "transfer_policy", "webhooks"])
            .union(StoreModules.all.compactMap(\.settingsKey)))
        let id = try node.requiredChild("id").string()
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw try node.requiredChild("id").error("must be letters, digits, - or _")
        }
        let bundleID = try node.requiredChild("bundle_id").string()
        let productNodes = try node.child("products")?.elements() ?? []
        let products = try productNodes.map(ProductParser.parse)
        var seen: Set<String> = []
        for (product, productNode) in zip(products, productNodes) where !seen.insert("\(product.store?.rawValue ?? "*") \(product.id)").inserted {
            throw productNode.error("product \(product.id) is declared twice\(product.store.map { " for \($0)" } ?? "")")
        }
        let keys = try node.requiredChild("api_keys")
        try keys.allowKeys(["public", "secret"])
        let publicKey = try apiKey(keys.requiredChild("public"))
        let secretKey = try apiKey(keys.requiredChild("secret"))
        guard publicKey != secretKey else { throw keys.error("the public and secret keys must differ") }
        var app = AppSettings(
            id: id, bundleID: bundleID, catalog: Catalog(products: products), publicAPIKey: publicKey,
            secretAPIKey: secretKey
        )
        if let policy = try node.child("transfer_policy") {
            guard let value = TransferPolicy(rawValue: try policy.string()) else {
                throw policy.error("expected \(TransferPolicy.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            app.transferPolicy = value
        }
        return app
    }

    /// App ids and API keys must be unique across apps.
    static func checkUnique(_ apps: [AppSettings], nodes: [ConfigurationNode]) throws {
        var ids: Set<String> = [], keys: Set<String> = []
        for (app, node) in zip(apps, nodes) {
            guard ids.insert(app.id).inserted else { throw node.error("app id \(app.id) is used twice") }
            guard keys.insert(app.publicAPIKey).inserted, keys.insert(app.secretAPIKey).inserted else {
                throw node.error("API keys must be unique across apps")
            }
        }
    }

    private static func apiKey(_ node: ConfigurationNode) throws -> String {
        let value = try node.string()
        guard value.count >= 16, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw node.error("must be at least 16 printable characters without spaces")
        }
        return value
    }
}
