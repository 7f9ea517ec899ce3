import Hummingbird
import PerennialServices

/// An event of the app's feed: the event with its public id, its feed position (the cursor after it) and,
/// when a fuller history withdrew it, when (an `event_retracted` event follows in the feed).
struct FeedEventResponse: Encodable {
    var id: String
    var position: Int64
    var retractedAt: String?
    var event: EventResponse

    init(_ stored: StoredEvent) {
        id = stored.publicID
        position = stored.feedPosition ?? 0
        retractedAt = stored.retractedAt?.iso8601
        event = EventResponse(stored)
    }

    enum CodingKeys: String, CodingKey {
        case id, position, retractedAt = "retracted_at"
    }

    /// The event's fields, then `id`, `position` and `retracted_at` (null while it stands).
    func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(position, forKey: .position)
        try container.encode(retractedAt, forKey: .retractedAt)
    }
}

/// `GET /v1/admin/events`: a page of the feed; `next_cursor` is the position to ask after next time
/// (the one given when the page is empty).
struct EventFeedResponse: ResponseEncodable {
    var events: [FeedEventResponse]
    var nextCursor: String

    enum CodingKeys: String, CodingKey {
        case events, nextCursor = "next_cursor"
    }
}
