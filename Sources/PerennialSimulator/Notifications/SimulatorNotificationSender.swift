import Foundation

/// Posts one App Store server notification. The composition root implements it with its HTTP client
/// (the simulator target has none); tests record the bodies or hand them straight to a router.
///
/// The simulator calls it outside its critical state, one notification at a time, and treats 200…206 as
/// delivered; anything else, or nil, is retried on Apple's schedule.
public protocol SimulatorNotificationSender: Sendable {
    /// POSTs `body` (JSON, `Content-Type: application/json`) to `url` and returns the HTTP status, or nil
    /// when the server could not be reached (connection refused, timeout, TLS failure).
    func post(url: String, body: Data) async -> Int?
}
