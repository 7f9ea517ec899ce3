import Foundation

/// What became of one transaction sent to the server.
enum DeliveryOutcome: Sendable {
    /// The server has it (200 validated, or 202 pending while it completes the history with Apple); finished.
    case delivered(status: String, customer: CustomerInfo?)
    /// The server could not be reached or asked to wait: kept unfinished, retried, and sent again at launch.
    case awaitingServer(PerennialClientError)
    /// The server or StoreKit refused it: left unfinished (StoreKit offers it again at the next launch).
    case refused(PerennialClientError)
}
