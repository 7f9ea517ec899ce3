/// Where the delivery of one notification stands.
public enum SimulatorNotificationState: String, Sendable, Hashable, Codable {
    /// Not delivered yet; `nextAttemptAt` says when the next attempt is due.
    case pending
    /// The server answered 200…206.
    case delivered
    /// Every attempt failed (the first and all of Apple's retries).
    case failed
}
