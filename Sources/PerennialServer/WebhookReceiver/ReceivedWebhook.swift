/// One request a `WebhookReceiver` took, as it records it.
public struct ReceivedWebhook: Sendable, Hashable, Codable {
    /// The order it arrived in, from 1.
    public var sequence: Int
    /// The request's path.
    public var path: String
    /// `webhook-id`, `webhook-timestamp` and `webhook-signature` as sent (nil when absent).
    public var id: String?
    public var timestamp: String?
    public var signature: String?
    /// Whether the signature is a valid Standard Webhooks signature by one of the receiver's secrets.
    public var signatureValid: Bool
    /// The body, as UTF-8 text.
    public var body: String
    /// The status the receiver answered (its fault's, 401 for a bad signature, else 200).
    public var status: Int

    enum CodingKeys: String, CodingKey {
        case sequence, path, id, timestamp, signature, body, status
        case signatureValid = "signature_valid"
    }
}
