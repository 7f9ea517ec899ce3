import PerennialServices

extension AppleSettings: StoreSettings {
    /// The shared secrets, the Server API's private key and the offer keys.
    public var secrets: [String: [String]] {
        [
            "shared_secret": [sharedSecret] + (previousSharedSecret.map { [$0] } ?? []),
            "server_api_private_key": serverAPI.map { [$0.privateKeyPEM] } ?? [],
            "offer_keys": offerKeys.map(\.privateKeyPEM),
        ]
    }

    public func isSame(as other: any StoreSettings) -> Bool {
        (other as? AppleSettings) == self
    }
}
