import Foundation
import PerennialAppStore
import PerennialServices

/// Which kind of App Store notification a body is. Anything else is refused before it is stored.
enum NotificationFormat {
    /// `{"signedPayload": "<JWS>"}`.
    case version2(signedPayload: String)
    /// The JSON of a version 1 notification (`notification_type`, `password`, `unified_receipt` …).
    case version1(AppStoreNotificationV1)

    init(body: Data) throws {
        guard let object = try? AppleFields.decode(from: body) else {
            throw PerennialError(.invalidNotification, "the body is not a JSON object")
        }
        if let signedPayload = object.string("signedPayload") {
            guard signedPayload.utf8.lazy.filter({ $0 == UInt8(ascii: ".") }).count == 2 else {
                throw PerennialError(.invalidNotification, "signedPayload is not a compact JWS")
            }
            self = .version2(signedPayload: signedPayload)
        } else if object.contains("notification_type") {
            self = .version1(try JSONDecoder().decode(AppStoreNotificationV1.self, from: body))
        } else {
            throw PerennialError(.invalidNotification, "neither a version 2 (signedPayload) nor a version 1 notification")
        }
    }

    var version: Int {
        switch self {
        case .version2: 2
        case .version1: 1
        }
    }
}
