import Crypto
import Foundation
import PerennialAppStore
import PerennialCore

/// Signs compact JWS the way the App Store does — ES256 with the raw `r || s` signature and the chain in
/// `x5c` — with every part overridable, so tests can forge what verification must reject.
public struct JWSSigner: Sendable {
    /// The key that signs.
    public var key: P256.Signing.PrivateKey
    /// The header's `alg`; nil leaves it out.
    public var alg: String? = "ES256"
    /// The header's `x5c`; nil leaves it out.
    public var x5c: [String]?
    /// Other header string fields (`typ`, `kid` …).
    public var extraHeader: [String: String] = [:]
    /// A header JSON text used instead of the fields above.
    public var headerOverride: String?

    /// Creates a signer with a key and a chain.
    public init(key: P256.Signing.PrivateKey, x5c: [String]?, alg: String? = "ES256") {
        self.key = key
        self.x5c = x5c
        self.alg = alg
    }

    /// The header JSON text, keys sorted.
    public var headerJSON: String {
        if let headerOverride { return headerOverride }
        var fields: [String: Any] = extraHeader
        if let alg { fields["alg"] = alg }
        if let x5c { fields["x5c"] = x5c }
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// Signs payload bytes: `header.payload.signature`, each base64url without padding.
    public func sign(payload: Data) -> String {
        let signingInput = Base64URL.encode(Data(headerJSON.utf8)) + "." + Base64URL.encode(payload)
        let signature = try! key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// Signs a JSON text as the payload.
    public func sign(json: String) -> String {
        sign(payload: Data(json.utf8))
    }

    /// Signs a value encoded as JSON (keys sorted) as the payload.
    public func sign(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return sign(payload: try encoder.encode(value))
    }
}
