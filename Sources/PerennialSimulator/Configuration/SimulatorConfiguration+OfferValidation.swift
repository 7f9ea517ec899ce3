import Crypto

extension SimulatorConfiguration {
    /// Checks an app's promotional offers and offer keys: unique non-empty ids, 1 to 120 periods, offers on
    /// auto-renewable subscriptions only, keys that are P-256 public keys in PEM.
    func validateOffers(of app: SimulatorApp) throws {
        var keyIDs: Set<String> = []
        for key in app.offerKeys {
            guard !key.keyID.isEmpty, keyIDs.insert(key.keyID).inserted,
                (try? P256.Signing.PublicKey(pemRepresentation: key.publicKeyPEM)) != nil
            else {
                throw SimulatorError.invalidConfiguration(
                    "\(app.bundleID): offer_keys need unique key_id values and P-256 public_key_pem")
            }
        }
        for product in app.products where !product.promotionalOffers.isEmpty {
            let name = "\(app.bundleID)/\(product.id)"
            guard product.type == .autoRenewable else {
                throw SimulatorError.invalidConfiguration("\(name): only auto-renewable subscriptions have offers")
            }
            var offerIDs: Set<String> = []
            for offer in product.promotionalOffers {
                guard !offer.id.isEmpty, offerIDs.insert(offer.id).inserted, (1...120).contains(offer.periods) else {
                    throw SimulatorError.invalidConfiguration(
                        "\(name): offers need unique non-empty ids and periods 1...120")
                }
            }
        }
    }
}
