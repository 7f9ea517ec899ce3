import PerennialCore

/// One attempt of the App Store to deliver a notification to the server.
public struct SendAttemptItem: Sendable, Hashable, Codable {
    /// When the attempt was made.
    public var attemptDate: Instant?
    /// How it went.
    public var sendAttemptResult: SendAttemptResult?

    /// Creates an item.
    public init(attemptDate: Instant? = nil, sendAttemptResult: SendAttemptResult? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }
}
