import PerennialAppStore
import PerennialCore
import PerennialServices

/// Reads one entry of `apps:` and checks what a store would otherwise reveal only in production.
enum AppSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> AppSettings {
        try node.allowKeys(["id", "bundle_id", "apple", "products", "api_keys"])
        let id = try node.requiredChild("id").string()
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw try node.requiredChild("id").error("must be letters, digits, - or _")
        }
        let bundleID = try node.requiredChild("bundle_id").string()
        let apple = try node.child("apple").map(parseApple)
        let productNodes = try node.child("products")?.elements() ?? []
        let products = try productNodes.map(ProductParser.parse)
        var seen: Set<String> = []
        for (product, productNode) in zip(products, productNodes) where !seen.insert(product.id).inserted {
            throw productNode.error("product \(product.id) is declared twice")
        }
        let keys = try node.requiredChild("api_keys")
        try keys.allowKeys(["public", "secret"])
        let publicKey = try apiKey(keys.requiredChild("public"))
        let secretKey = try apiKey(keys.requiredChild("secret"))
        guard publicKey != secretKey else { throw keys.error("the public and secret keys must differ") }
        return AppSettings(
            id: id, bundleID: bundleID, apple: apple, catalog: Catalog(products: products), publicAPIKey: publicKey,
            secretAPIKey: secretKey
        )
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

    private static func parseApple(_ node: ConfigurationNode) throws -> AppleSettings {
        try node.allowKeys(["shared_secret", "previous_shared_secret", "verify_receipt_url", "verify_receipt_sandbox_url"])
        let secret = try sharedSecret(node.requiredChild("shared_secret"))
        let previous = try node.child("previous_shared_secret").map(sharedSecret)
        let production = try node.child("verify_receipt_url")?.string() ?? VerifyReceiptConfiguration.appleProductionURL
        let sandbox = try node.child("verify_receipt_sandbox_url")?.string() ?? sandboxURL(matching: production)
        return AppleSettings(
            sharedSecret: secret, previousSharedSecret: previous, productionVerifyReceiptURL: production,
            sandboxVerifyReceiptURL: sandbox
        )
    }

    /// Apple's sandbox for Apple's production URL; for the simulator's `…/production/verifyReceipt`, its
    /// `…/sandbox/verifyReceipt`; otherwise the same URL.
    private static func sandboxURL(matching production: String) -> String {
        if production == VerifyReceiptConfiguration.appleProductionURL { return VerifyReceiptConfiguration.appleSandboxURL }
        if production.hasSuffix("/production/verifyReceipt") {
            return String(production.dropLast("/production/verifyReceipt".count)) + "/sandbox/verifyReceipt"
        }
        return production
    }

    private static func sharedSecret(_ node: ConfigurationNode) throws -> String {
        let value = try node.string()
        guard value.count == 32, value.allSatisfy(\.isHexDigit) else {
            throw node.error("must be 32 hexadecimal characters (App Store Connect's app-specific or primary shared secret)")
        }
        return value
    }

    private static func apiKey(_ node: ConfigurationNode) throws -> String {
        let value = try node.string()
        guard value.count >= 16, value.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw node.error("must be at least 16 printable characters without spaces")
        }
        return value
    }
}
