import Foundation
import PerennialAppStore
import PerennialAppStoreAdapter
import PerennialStoreModule

/// Reads an app's `apple:` section: its shared secrets, verifyReceipt URLs, signed-data settings, Server API
/// credentials, offer keys, status polling and notification catch-up.
enum AppleSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> AppleSettings {
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
}
