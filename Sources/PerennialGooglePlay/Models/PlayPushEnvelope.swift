import Foundation

/// What Pub/Sub pushes (and `pull` returns, one per received message): the message whose `data` is a
/// base64 developer notification, and its id, which Pub/Sub repeats on every redelivery.
public struct PlayPushEnvelope: Sendable, Hashable, Codable {
    public var message: Message
    /// `projects/…/subscriptions/…`.
    public var subscription: String?

    public struct Message: Sendable, Hashable, Codable {
        /// Base64 (standard alphabet) of the developer notification's JSON.
        public var data: String?
        public var messageId: String?
        /// The same id, as older push formats name it.
        public var message_id: String?
        public var publishTime: String?

        /// The message id, whichever name carried it.
        public var id: String? { messageId ?? message_id }
    }

    /// Reads a push body; nil when it is not a Pub/Sub message with data and an id.
    public static func decode(_ body: Data) -> PlayPushEnvelope? {
        guard let envelope = try? JSONDecoder().decode(PlayPushEnvelope.self, from: body),
              envelope.message.id?.isEmpty == false, envelope.message.data?.isEmpty == false
        else { return nil }
        return envelope
    }

    /// The developer notification the message carries; nil when its data is not one.
    public var notification: PlayDeveloperNotification? {
        guard let data = message.data, data.utf8.count <= 64 * 1024, let bytes = Data(base64Encoded: data) else { return nil }
        return try? JSONDecoder().decode(PlayDeveloperNotification.self, from: bytes)
    }
}
