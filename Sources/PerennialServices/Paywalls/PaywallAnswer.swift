import PerennialCore

/// The paywall service's answer for one request: what to show, from which revision, and the offer's
/// signature when the paywall presents a promotional offer the customer may redeem.
public struct PaywallAnswer: Sendable, Hashable {
    public var decision: PaywallDecision
    public var revision: Int
    /// The customer the request resolved to (an alias answers for its customer).
    public var appUserID: String
    public var signedOffer: SignedOffer?
}
