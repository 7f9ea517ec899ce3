import Foundation

/// Posts one webhook. The composition root implements it with its HTTP client; tests record the posts or
/// hand them to a router. 200…299 counts as delivered; anything else, or nil, is retried.
public protocol StripeSimulatedWebhookSender: Sendable {
    /// POSTs `body` (JSON) to `url` with `headers` (`Content-Type`, `Stripe-Signature`, `User-Agent`); the
    /// HTTP status, or nil when the endpoint could not be reached.
    func post(url: String, headers: [String: String], body: Data) async -> Int?
}
