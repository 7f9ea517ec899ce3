import Foundation

/// A Pub/Sub push of the Play simulator waiting for delivery: the envelope's JSON.
struct PendingPush: Sendable, Codable {
    var body: Data
}
