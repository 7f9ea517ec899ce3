import Hummingbird
import PerennialServices

/// `GET /v1/admin/events?after=CURSOR&limit=N&wait=S`: the app's events in commit order after the cursor
/// (0 or absent: from the start), at most `limit` (default 100, at most 1000); when there are none yet,
/// the request waits up to `wait` seconds (at most 60) for the first. Consecutive pages never skip or
/// repeat an event. Secret key only.
struct AdminEventFeedRoutes {
    let feed: EventFeed

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("events") { request, context -> EventFeedResponse in
            let app = try context.requireSecretKey()
            let after = try request.uri.queryParameters.get("after").map { try AdminWebhookRoutes.cursor(String($0)) } ?? 0
            let limit = request.limit(default: 100, maximum: 1000)
            var wait = 0
            if let text = request.uri.queryParameters.get("wait") {
                guard let seconds = Int(text), (0...EventFeed.maximumWait).contains(seconds) else {
                    throw PerennialError(.badRequest, "wait must be 0 to \(EventFeed.maximumWait) seconds")
                }
                wait = seconds
            }
            let events = try await feed.page(app: app, after: after, limit: limit, wait: .seconds(wait))
            return EventFeedResponse(
                events: events.map(FeedEventResponse.init), nextCursor: String(events.last?.feedPosition ?? after))
        }
    }
}
