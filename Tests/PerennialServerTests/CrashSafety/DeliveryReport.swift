/// What happened to the notifications of one delivery round.
struct DeliveryReport: Sendable, CustomStringConvertible {
    /// The UUIDs of the notifications answered 200, in the order the answers came.
    var acknowledged: [String]
    /// How many of those 200s said the notification was queued for processing rather than processed.
    var queued: Int
    /// How many of those 200s said the notification had been processed before (`"repeat": true`).
    var repeats: Int
    /// Answers other than 200, by status.
    var refusals: [Int: Int]
    /// Requests that got no answer (connection refused or reset: the server was killed), by the client's error.
    var unanswered: [String: Int]
    /// Whether the crash was triggered during the round.
    var crashed: Bool

    var description: String {
        "\(acknowledged.count) answered 200 (\(queued) queued, \(repeats) repeats), \(unanswered.values.reduce(0, +)) unanswered \(unanswered), "
            + "other statuses \(refusals)"
    }
}
