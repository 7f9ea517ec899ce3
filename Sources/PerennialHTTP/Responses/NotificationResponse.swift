import Hummingbird
import PerennialServices

/// The body Perennial answers a store notification with (the store only reads the status).
struct NotificationResponse: ResponseEncodable {
    var status: String
    var isRepeat: Bool
    var notificationType: String?
    var subtype: String?

    init(_ acknowledgement: NotificationAcknowledgement) {
        status = acknowledgement.isQueued ? "queued" : "received"
        isRepeat = acknowledgement.isRepeat
        notificationType = acknowledgement.notificationType
        subtype = acknowledgement.subtype
    }

    enum CodingKeys: String, CodingKey {
        case status, subtype
        case isRepeat = "repeat", notificationType = "notification_type"
    }
}
