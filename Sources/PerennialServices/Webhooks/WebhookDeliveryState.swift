/// Where a webhook delivery stands.
public enum WebhookDeliveryState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not delivered yet: waiting for its first attempt or its next one.
    case pending
    /// The endpoint answered 2xx.
    case delivered
    /// A dead letter: the endpoint refused it (a 4xx other than 408 and 429), it kept failing for the retry
    /// window, or the endpoint was disabled or removed. Kept, listed, retried on request.
    case failed
}
