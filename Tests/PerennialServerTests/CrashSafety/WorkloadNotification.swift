import Foundation

/// A version 2 notification body as the App Store posts it (`{"signedPayload": …}`), with its UUID.
struct WorkloadNotification: Sendable, Hashable {
    let uuid: String
    let body: Data
}
