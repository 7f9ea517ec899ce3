import Hummingbird

/// A customer's events, oldest first.
struct EventListResponse: ResponseEncodable {
    var appUserID: String
    var events: [EventResponse]

    enum CodingKeys: String, CodingKey {
        case events
        case appUserID = "app_user_id"
    }
}
