import Foundation

/// What the app saw happen to a paywall, reported with `Perennial.reportPaywallEvent`.
public enum PaywallEventKind: String, Sendable, Hashable {
    /// The paywall appeared on screen.
    case shown
    /// The customer closed it.
    case closed
    /// The customer tapped a package's button (reported by `purchase(package:from:)` itself).
    case purchaseStarted = "purchase_started"
    /// The customer cancelled the store's sheet (reported by `purchase(package:from:)` itself).
    case purchaseCancelled = "purchase_cancelled"
}
