import Foundation
import PerennialCore
@testable import PerennialStorage
import Testing

/// The bodies a ledger write stores are written by `PlainJSONEncoder` (`JSONBody.encode`): byte for byte what
/// `JSONEncoder` wrote before, so a stored snapshot compares equal to a new one of the same value, and never
/// declined, or the write would pay `JSONEncoder` again.
@Suite("Stored bodies: written by the plain encoder, as JSONEncoder wrote them")
struct StoredBodyEncodingTests {
    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func expectSame(_ value: some Encodable, _ comment: Comment) throws {
        let plain = try #require(PlainJSONEncoder.encode(value), comment)
        #expect(plain == (try foundation(value)), comment)
        #expect(try JSONBody.encode(value) == plain, comment)
    }

    @Test func everyStoredKindIsWrittenTheSame() throws {
        var transaction = Fixtures.transaction("t/1", cancelledAt: 1_500)
        transaction.price = Money(minorUnits: 999, currency: "EUR")
        transaction.tax = Money(minorUnits: 166, currency: "EUR")
        transaction.storefront = "FRA"
        transaction.offerCodeRefName = "SPRING \"24\""
        transaction.isAcknowledged = true
        transaction.appAccountToken = "7E0F3C5A-1B2C-4D5E-8F90-ABCDEF012345"
        try Self.expectSame(transaction, "a transaction")
        try Self.expectSame(Fixtures.transaction("2"), "a plain transaction")
        var renewal = Fixtures.renewalInfo(observedAt: 3_000, willAutoRenew: false)
        renewal.expirationReason = .billingError
        renewal.priceIncreaseConsent = .pending
        try Self.expectSame(renewal, "a renewal info")
        var state = Fixtures.state("1000", status: .gracePeriod)
        state.gracePeriodExpiresAt = Fixtures.instant(2_500)
        state.billingIssueDetectedAt = Fixtures.instant(1_900)
        state.expirationReason = .billingError
        state.renewalCount = 23
        state.priceIncreaseConsent = .agreed
        try Self.expectSame(state, "a subscription state")
        try Self.expectSame(Fixtures.event(.renewal, occurredAt: 2_000, details: ["reason": "é\n", "from_product_id": "a/b"]), "an event")
        try Self.expectSame(
            MetricContributionsBody([
                MetricContribution(day: 20_000, measure: "mrr.new", productID: "pro", country: "US", value: -1_234_567),
                MetricContribution(day: 20_001, measure: "active", productID: "pro", country: "", value: 1),
            ]), "metric contributions")
        try Self.expectSame("an id with \"quotes\"", "a name being erased")
    }
}
