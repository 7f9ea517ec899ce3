import Foundation
import PerennialSimulator

/// Keeps every notification body the App Store sends, in order, and answers 200: the lifecycle is
/// recorded once and delivered to Perennial later, in whatever order a test chooses.
actor RecordingNotificationSender: SimulatorNotificationSender {
    private(set) var bodies: [Data] = []

    func post(url: String, body: Data) async -> Int? {
        bodies.append(body)
        return 200
    }
}
