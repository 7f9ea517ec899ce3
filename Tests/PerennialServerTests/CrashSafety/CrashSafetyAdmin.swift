import Foundation
import PerennialServices

/// An event of the app's feed (`GET /v1/admin/events`), as far as the webhook audit needs it.
struct FeedEvent: Sendable, Hashable {
    /// `evt_…`, also the webhook's `webhook-id`.
    let id: String
    /// The feed position: the feed's order.
    let position: Int64
    let type: String
    let appUserID: String
}

/// What a running server still has to do before every webhook of the feed is out: deliveries to the endpoint
/// not yet delivered, notifications stored but not yet processed (they may record more events).
struct PendingWork: Sendable, CustomStringConvertible {
    /// The most deliveries of a state counted (one page of the admin API).
    static let page = 1000
    /// Pending deliveries (at most `page` are counted).
    var deliveries: Int
    /// Deliveries that became dead letters: never expected here.
    var deadLetters: Int
    /// `notification.process` jobs waiting or leased.
    var notificationJobs: Int

    var isIdle: Bool { deliveries == 0 && notificationJobs == 0 }

    var description: String {
        "\(deliveries == Self.page ? "\(Self.page) or more" : "\(deliveries)") deliveries pending, \(deadLetters) dead letters, \(notificationJobs) notifications queued for processing"
    }
}

/// The admin API of a running `perennial serve`, with the app's secret key: the event feed, the endpoint's
/// deliveries, the queued work.
struct CrashSafetyAdmin: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let client: LoopbackClient
    let port: Int

    private var base: String { "http://127.0.0.1:\(port)/v1/admin" }

    /// Every event of the feed after `position`, in feed order (page by page until a page comes back empty).
    func feed(after position: Int64) async throws -> [FeedEvent] {
        var events: [FeedEvent] = []
        var cursor = position
        while true {
            let page = try await json("\(base)/events?after=\(cursor)&limit=500")
            guard let items = page["events"] as? [[String: Any]], let next = page["next_cursor"] as? String, let nextCursor = Int64(next) else {
                throw Failure(description: "the feed page after \(cursor) is not {events, next_cursor}")
            }
            if items.isEmpty { return events }
            for item in items {
                guard let id = item["id"] as? String, let position = (item["position"] as? NSNumber)?.int64Value,
                      let type = item["type"] as? String, let appUserID = item["app_user_id"] as? String
                else { throw Failure(description: "a feed event lacks id, position, type or app_user_id: \(item)") }
                events.append(FeedEvent(id: id, position: position, type: type, appUserID: appUserID))
            }
            cursor = nextCursor
        }
    }

    /// What is still to be done.
    func pendingWork(endpointID: String) async throws -> PendingWork {
        let deliveries = "\(base)/webhooks/\(endpointID)/deliveries?limit=\(PendingWork.page)&state="
        let pending = try await json(deliveries + WebhookDeliveryState.pending.rawValue)["deliveries"] as? [Any]
        let failed = try await json(deliveries + WebhookDeliveryState.failed.rawValue)["deliveries"] as? [Any]
        var notificationJobs = 0
        for state in [Job.State.waiting, .leased] {
            let jobs = try await json("\(base)/jobs?limit=1000&state=\(state.rawValue)")["jobs"] as? [[String: Any]]
            notificationJobs += (jobs ?? []).filter { $0["kind"] as? String == StoreNotificationService.jobKind }.count
        }
        guard let pending, let failed else { throw Failure(description: "the deliveries list is not {deliveries}") }
        return PendingWork(deliveries: pending.count, deadLetters: failed.count, notificationJobs: notificationJobs)
    }

    private func json(_ url: String) async throws -> [String: Any] {
        let answer = await client.get(url, bearer: CrashSafetyWorkspace.secretKey, timeout: .seconds(30))
        guard answer.status == 200 else {
            throw Failure(description: "GET \(url.dropFirst(base.count)): \(answer.status.map(String.init) ?? "no answer"), \(answer.body.prefix(300))")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else {
            throw Failure(description: "GET \(url.dropFirst(base.count)) did not answer a JSON object")
        }
        return object
    }
}
