import Foundation

/// Posts one Pub/Sub push. The composition root implements it with its HTTP client; tests hand the body
/// straight to a router. 102…299 counts as delivered (Pub/Sub's rule); anything else, or nil, is retried.
public protocol PlayPushSender: Sendable {
    /// POSTs `body` (JSON) to `url` with `Authorization: <authorization>`; the HTTP status, or nil when the
    /// endpoint could not be reached.
    func post(url: String, authorization: String, body: Data) async -> Int?
}
