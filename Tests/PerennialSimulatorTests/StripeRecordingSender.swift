import Foundation
import PerennialSimulator
import Synchronization

/// A webhook sender that records every post and answers with a status the test sets.
final class StripeRecordingSender: StripeSimulatedWebhookSender {
    struct Post: Sendable {
        var url: String
        var headers: [String: String]
        var body: Data
    }

    private let state = Mutex<(status: Int?, posts: [Post])>((200, []))

    func post(url: String, headers: [String: String], body: Data) async -> Int? {
        state.withLock { state in
            state.posts.append(Post(url: url, headers: headers, body: body))
            return state.status
        }
    }

    /// The status later posts answer with (nil: unreachable).
    func answer(_ status: Int?) { state.withLock { $0.status = status } }

    var posts: [Post] { state.withLock { $0.posts } }
}
