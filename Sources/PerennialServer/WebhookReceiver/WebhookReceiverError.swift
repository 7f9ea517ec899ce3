/// A control request the receiver refuses (400), with why.
public struct WebhookReceiverError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
