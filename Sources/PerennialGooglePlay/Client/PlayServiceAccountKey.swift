import _CryptoExtras
import Foundation

/// A Google service account's JSON key file, as the Cloud console downloads it. Only what the JWT-bearer grant
/// needs is read; `description` never shows the key.
public struct PlayServiceAccountKey: Sendable, CustomStringConvertible {
    /// `client_email`: the account, the JWT's issuer.
    public let clientEmail: String
    /// `private_key_id`: the JWT header's `kid`.
    public let privateKeyID: String?
    /// `token_uri`: where access tokens are asked for (Google's, or a simulator's).
    public let tokenURI: String
    let privateKey: _RSA.Signing.PrivateKey

    /// Google's token endpoint, which its libraries also put in `aud` when the key file names another.
    public static let googleTokenURI = "https://oauth2.googleapis.com/token"

    /// Reads a key file's bytes; throws naming the field that is missing or unusable, never its value.
    public init(json: Data) throws(PlayAPIError) {
        struct File: Decodable {
            var type: String?
            var client_email: String?
            var private_key_id: String?
            var private_key: String?
            var token_uri: String?
        }
        guard let file = try? JSONDecoder().decode(File.self, from: json) else {
            throw PlayAPIError(.invalidConfiguration, message: "the service account key file is not JSON")
        }
        guard file.type == nil || file.type == "service_account" else {
            throw PlayAPIError(.invalidConfiguration, message: "the key file's type is not service_account")
        }
        guard let email = file.client_email, !email.isEmpty else {
            throw PlayAPIError(.invalidConfiguration, message: "the key file has no client_email")
        }
        guard let pem = file.private_key, let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) else {
            throw PlayAPIError(.invalidConfiguration, message: "the key file's private_key is not an RSA private key (PEM)")
        }
        clientEmail = email
        privateKeyID = file.private_key_id
        tokenURI = file.token_uri ?? Self.googleTokenURI
        privateKey = key
    }

    public var description: String { "service account \(clientEmail)" }
}
