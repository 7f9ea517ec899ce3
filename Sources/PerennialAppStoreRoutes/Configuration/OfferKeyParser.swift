import PerennialAppStoreAdapter
import PerennialServices
import PerennialStoreModule

/// Reads an app's subscription-offer keys and the one that signs.
enum OfferKeyParser {
    static func parse(_ apple: ConfigurationNode, into settings: inout AppleSettings) throws {
        for element in try apple.child("offer_keys")?.elements() ?? [] {
            try element.allowKeys(["id", "private_key", "private_key_file", "active"])
            let id = try element.requiredChild("id").string()
            guard !settings.offerKeys.contains(where: { $0.id == id }) else { throw element.error("offer key \(id) is declared twice") }
            let active = try element.child("active").map { try $0.string() != "false" } ?? true
            settings.offerKeys.append(OfferKeySettings(
                id: id, privateKeyPEM: try AppleSettingsParser.privateKeyPEM(element, name: "private_key"), isActive: active
            ))
        }
        settings.offerIssuerID = try apple.child("offer_issuer_id")?.string()
        guard let signing = try apple.child("offer_signing_key") else {
            settings.offerSigningKeyID = settings.offerKeys.count == 1 && settings.offerKeys[0].isActive ? settings.offerKeys[0].id : nil
            return
        }
        let id = try signing.string()
        guard settings.offerKeys.contains(where: { $0.id == id && $0.isActive }) else {
            throw signing.error("must name an active key of offer_keys")
        }
        settings.offerSigningKeyID = id
    }
}
