import Foundation
import PerennialSimulator

/// A notification URL that never answers: the App Store records every attempt as failed, and the
/// notifications are only found again through the notification history.
struct DroppingNotificationSender: SimulatorNotificationSender {
    func post(url: String, body: Data) async -> Int? { nil }
}
