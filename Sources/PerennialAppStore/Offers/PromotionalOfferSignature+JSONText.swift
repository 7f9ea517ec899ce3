import PerennialCore

extension PromotionalOfferSignature {
    /// One line of JSON, keys in this order: `{"keyIdentifier": …, "nonce": …, "timestamp": <number>, "signature": …}`.
    public var jsonText: String {
        JSONText.object([
            ("keyIdentifier", JSONText.string(keyIdentifier)),
            ("nonce", JSONText.string(nonce)),
            ("timestamp", JSONText.number(timestamp)),
            ("signature", JSONText.string(signature)),
        ])
    }
}
