import Foundation

/// Apple's vectors from the shared fixtures folder, when they are there: a signed transaction the
/// reference accepts with its verifier settings, the promotional-offer key, and the 50-entry verifyReceipt
/// body. Every property is nil when its file is missing or unreadable.
struct BenchFixtures: Sendable {
    /// A transaction JWS (`tx_valid_*`, Sandbox) and what verifies it.
    struct SignedTransaction: Sendable {
        var jws: String
        var rootDER: Data
        var bundleID: String
        var appAppleID: Int64?
    }

    /// The promotional-offer key and one input.
    struct OfferKey: Sendable {
        var keyID: String
        var bundleID: String
        var privateKeyPEM: String
        var productID: String
        var offerID: String
        var applicationUsername: String
    }

    var signedTransaction: SignedTransaction?
    var offerKey: OfferKey?
    var verifyReceiptBody: Data?

    /// Reads `directory` (the shared `fixtures` folder); nil reads nothing.
    init(directory: String?) {
        guard let directory else { return }
        let conformance = URL(fileURLWithPath: directory).appendingPathComponent("conformance")
        verifyReceiptBody = try? Data(contentsOf: conformance.appendingPathComponent("verify_receipt_50.json"))
        guard let data = try? Data(contentsOf: conformance.appendingPathComponent("vectors.json")),
            let vectors = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return }
        signedTransaction = Self.signedTransaction(in: vectors)
        offerKey = Self.offerKey(in: vectors)
    }

    private static func signedTransaction(in vectors: [String: Any]) -> SignedTransaction? {
        guard let cases = vectors["cases"] as? [[String: Any]], let configs = vectors["configs"] as? [String: Any],
            let pki = vectors["pki"] as? [String: Any]
        else { return nil }
        for item in cases {
            guard item["kind"] as? String == "transaction", item["category"] as? String == "core",
                (item["expect"] as? [String: Any])?["status"] as? String == "OK",
                let configName = item["config"] as? String, let config = configs[configName] as? [String: Any],
                config["environment"] as? String == "Sandbox",
                let rootName = (config["roots"] as? [String])?.first, let rootText = pki[rootName] as? String,
                let root = Data(base64Encoded: rootText), let jws = item["jws"] as? String,
                let bundleID = config["bundleId"] as? String
            else { continue }
            return SignedTransaction(
                jws: jws, rootDER: root, bundleID: bundleID, appAppleID: (config["appAppleId"] as? NSNumber)?.int64Value
            )
        }
        return nil
    }

    private static func offerKey(in vectors: [String: Any]) -> OfferKey? {
        guard let offer = vectors["promotionalOfferV1"] as? [String: Any], let keyID = offer["keyId"] as? String,
            let bundleID = offer["bundleId"] as? String, let pem = offer["privateKeyPkcs8Pem"] as? String,
            let input = (offer["cases"] as? [[String: Any]])?.first?["input"] as? [String: Any],
            let productID = input["product_identifier"] as? String, let offerID = input["subscription_offer_id"] as? String
        else { return nil }
        return OfferKey(
            keyID: keyID, bundleID: bundleID, privateKeyPEM: pem, productID: productID, offerID: offerID,
            applicationUsername: input["application_username"] as? String ?? ""
        )
    }
}
