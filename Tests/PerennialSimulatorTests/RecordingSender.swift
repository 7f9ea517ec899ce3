import Foundation
import PerennialAppStore
import PerennialSimulator
import Synchronization

/// A notification sender that records every POST and answers with a status the test sets.
final class RecordingSender: SimulatorNotificationSender {
    struct Post: Sendable {
        var url: String
        var body: Data
    }

    private let state: Mutex<(status: Int?, posts: [Post])>

    init(status: Int? = 200) {
        state = Mutex((status, []))
    }

    func post(url: String, body: Data) async -> Int? {
        state.withLock { state in
            state.posts.append(Post(url: url, body: body))
            return state.status
        }
    }

    /// The status later posts answer with (nil: unreachable).
    func answer(_ status: Int?) { state.withLock { $0.status = status } }

    var posts: [Post] { state.withLock { $0.posts } }

    /// The `signedPayload` of every version 2 post to `url`.
    func signedPayloads(to url: String = NotificationFixture.v2URL) -> [String] {
        posts.filter { $0.url == url }.compactMap { post in
            (try? JSONDecoder().decode([String: String].self, from: post.body))?["signedPayload"]
        }
    }

    /// Every version 1 body posted to `url`, decoded.
    func version1Bodies(to url: String = NotificationFixture.v1URL) -> [AppStoreNotificationV1] {
        posts.filter { $0.url == url }.compactMap { try? JSONDecoder().decode(AppStoreNotificationV1.self, from: $0.body) }
    }
}
