import Foundation
import PerennialSimulator
import Synchronization

/// A Pub/Sub push sender that records every push (its `Authorization` header and body) and answers 200.
final class RecordingPushSender: PlayPushSender {
    struct Push: Sendable {
        var authorization: String
        var body: Data

        /// The developer notification the push carries (`message.data`, base64 JSON).
        var notification: [String: Any]? {
            guard let envelope = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let data = (envelope["message"] as? [String: Any])?["data"] as? String,
                  let decoded = Data(base64Encoded: data)
            else { return nil }
            return try? JSONSerialization.jsonObject(with: decoded) as? [String: Any]
        }

        /// `subscriptionNotification.notificationType`, when the push carries one.
        var subscriptionNotificationType: Int? {
            (notification?["subscriptionNotification"] as? [String: Any])?["notificationType"] as? Int
        }
    }

    private let recorded = Mutex<[Push]>([])

    func post(url: String, authorization: String, body: Data) async -> Int? {
        recorded.withLock { $0.append(Push(authorization: authorization, body: body)) }
        return 200
    }

    var pushes: [Push] { recorded.withLock { $0 } }
}
