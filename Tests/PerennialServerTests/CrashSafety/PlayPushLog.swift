import Foundation
import PerennialSimulator
import Synchronization

/// Passes the Play simulator's pushes on to the servers and keeps the Pub/Sub message id of each one a
/// server accepted (2xx): what the inbox must then hold once each.
final class PlayPushLog: Sendable, PlayPushSender {
    private let next: any PlayPushSender
    private let accepted = Mutex<Set<String>>([])

    init(sending next: any PlayPushSender) {
        self.next = next
    }

    /// The message ids of the pushes accepted so far.
    var acceptedMessageIDs: Set<String> {
        accepted.withLock { $0 }
    }

    func post(url: String, authorization: String, body: Data) async -> Int? {
        let status = await next.post(url: url, authorization: authorization, body: body)
        if let status, (200..<300).contains(status),
           let envelope = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
           let message = envelope["message"] as? [String: Any], let id = message["messageId"] as? String {
            _ = accepted.withLock { $0.insert(id) }
        }
        return status
    }
}
