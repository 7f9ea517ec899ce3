import Foundation
import PerennialCore

/// Offers signed and granted, and the engagement reports that target them. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol OfferRecords: Sendable {
    /// Records an offer signature given to a customer.
    func recordOfferSignature(_ record: OfferSignatureRecord) async throws

    /// A customer's offer signatures, oldest first.
    func offerSignatures(appID: String, appUserID: String) async throws -> [OfferSignatureRecord]

    /// Records an offer granted to a customer by a team member.
    func recordOfferGrant(_ grant: OfferGrantRecord) async throws

    /// A customer's offer grants, oldest first.
    func offerGrants(appID: String, appUserID: String) async throws -> [OfferGrantRecord]

    /// Stores what the app reported about a customer's engagement; an older report never replaces a newer one.
    func saveEngagementSignals(appID: String, appUserID: String, _ signals: EngagementSignals) async throws

    /// The customer's latest engagement report.
    func engagementSignals(appID: String, appUserID: String) async throws -> EngagementSignals?
}
