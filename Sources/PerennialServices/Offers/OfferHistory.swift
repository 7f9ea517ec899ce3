import PerennialCore

/// What offer eligibility needs beyond the subscriptions: the signatures given, the grants made, and the
/// engagement the app reported.
struct OfferHistory: Sendable {
    var signatures: [OfferSignatureRecord]
    var grants: [OfferGrantRecord]
    var signals: EngagementSignals?
}
