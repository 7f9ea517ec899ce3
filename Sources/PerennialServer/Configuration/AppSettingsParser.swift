import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Reads one entry of `apps:` and checks what a store would otherwise reveal only in production.
enum AppSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> AppSettings {
        try node.allowKeys(Set(["id", "bundle_id", "apple", "revenue", "products", "api_keys", "rate_limit", "transfer_policy", "webhooks"])
            .union(StoreModules.all.compactMap(\.settingsKey)))
        let id = try node.requiredChild("id").string()
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw try node.requiredChild("id").error("must be letters, digits, - or _")
        }
        let bundleID = try node.requiredChild("bundle_id").string()
        let apple = try node.child("apple").map(parseApple)
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
            id: id, bundleID: bundleID, apple: apple, catalog: Catalog(products: products), publicAPIKey: publicKey,
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

    private static func parseApple(_ node: ConfigurationNode) throws -> AppleSettings {
        try node.allowKeys([
            "shared_secret", "previous_shared_secret", "verify_receipt_url", "verify_receipt_sandbox_url", "app_apple_id",
            "environments", "root_certificates", "receipt_validation", "server_api", "online_checks", "offer_keys",
            "offer_signing_key", "offer_issuer_id", "status_polling", "notification_catch_up",
        ])
        let secret = try sharedSecret(node.requiredChild("shared_secret"))
        let previous = try node.child("previous_shared_secret").map(sharedSecret)
        let production = try node.child("verify_receipt_url")?.string() ?? VerifyReceiptConfiguration.appleProductionURL
        let sandbox = try node.child("verify_receipt_sandbox_url")?.string() ?? sandboxURL(matching: production)
        var settings = AppleSettings(
            sharedSecret: secret, previousSharedSecret: previous, productionVerifyReceiptURL: production,
            sandboxVerifyReceiptURL: sandbox
        )
        if let appAppleID = try node.child("app_apple_id") {
            guard let value = Int64(try appAppleID.string()), value > 0 else { throw appAppleID.error("must be the app's numeric App Store id") }
            settings.appAppleID = value
        }
        if let environments = try node.child("environments") {
            let values = try environments.strings()
            let known: Set<String> = ["Production", "Sandbox", "Xcode", "LocalTesting"]
            guard !values.isEmpty, values.allSatisfy(known.contains) else {
                throw environments.error("expected a list of: Production, Sandbox, Xcode, LocalTesting")
            }
            settings.environments = Set(values)
        }
        if let roots = try node.child("root_certificates") {
            settings.trustedRoots = try roots.elements().map { element in
                let path = try element.string()
                guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
                    throw element.error("cannot read the certificate file \(path)")
                }
                return Array(data)
            }
        }
        if let mode = try node.child("receipt_validation") {
            guard let value = ReceiptValidationMode(rawValue: try mode.string()) else {
                throw mode.error("expected one of: \(ReceiptValidationMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            settings.receiptValidation = value
        }
        settings.serverAPI = try node.child("server_api").map(parseServerAPI)
        if let online = try node.child("online_checks") {
            switch try online.string() {
            case "true": settings.onlineChecks = true
            case "false": settings.onlineChecks = false
            default: throw online.error("expected true or false")
            }
        }
        try OfferKeyParser.parse(node, into: &settings)
        try MaintenanceParser.parse(node, into: &settings)
        if settings.receiptValidation == .local, settings.serverAPI == nil {
            throw node.error("receipt_validation local needs server_api credentials to read subscription histories")
        }
        return settings
    }

    /// Reads a PEM private key from `<name>_file` (a path) or `<name>` (the text).
    static func privateKeyPEM(_ node: ConfigurationNode, name: String) throws -> String {
        let pem: String
        if let file = try node.child(name + "_file") {
            let path = try file.string()
            guard let data = FileManager.default.contents(atPath: path) else { throw file.error("cannot read \(path)") }
            pem = String(decoding: data, as: UTF8.self)
        } else {
            pem = try node.requiredChild(name).string()
        }
        guard pem.contains("BEGIN PRIVATE KEY") else {
            throw node.error("the private key must be the .p8 file's PEM text (-----BEGIN PRIVATE KEY-----)")
        }
        return pem
    }

    private static func parseServerAPI(_ node: ConfigurationNode) throws -> ServerAPISettings {
        try node.allowKeys(["issuer_id", "key_id", "private_key", "private_key_file", "base_url"])
        let pem = try privateKeyPEM(node, name: "private_key")
        return ServerAPISettings(
            issuerID: try node.requiredChild("issuer_id").string(), keyID: try node.requiredChild("key_id").string(),
            privateKeyPEM: pem, baseURL: try node.child("base_url")?.string()
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
