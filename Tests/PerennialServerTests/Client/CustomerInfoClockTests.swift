import Foundation
@testable import PerennialClient
import Testing

/// An entitlement is judged on the server's clock, estimated from the device's: a device clock that runs
/// ahead or behind counts right, and a cached copy never grants past the expiry the server vouched for.
@Suite("Client: entitlements judged on the server's clock")
struct CustomerInfoClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The device's clock minus the server's, when the answer came (seconds).
        var skew: TimeInterval
        /// Seconds since the answer, on the device's clock.
        var elapsed: TimeInterval
        /// Seconds from the answer to the entitlement's expiry, on the server's clock.
        var expiresIn: TimeInterval?
        var active: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "fresh, a month left", skew: 0, elapsed: 60, expiresIn: 30 * 86_400, active: true),
        Case(name: "cached past the expiry", skew: 0, elapsed: 3_601, expiresIn: 3_600, active: false),
        Case(name: "a device an hour ahead, before the expiry", skew: 3_600, elapsed: 1_800, expiresIn: 3_600, active: true),
        Case(name: "a device an hour behind, past the expiry", skew: -3_600, elapsed: 3_700, expiresIn: 3_600, active: false),
        Case(name: "the device clock set back after the answer", skew: 0, elapsed: -86_400, expiresIn: 3_600, active: true),
        Case(name: "the device clock set back, expiry already passed at the answer", skew: 0, elapsed: -86_400, expiresIn: -1, active: false),
        Case(name: "a purchase that never expires, a year later", skew: 0, elapsed: 365 * 86_400, expiresIn: nil, active: true),
    ]

    @Test(arguments: cases)
    func anEntitlementIsActiveOnlyBeforeItsExpiryOnTheServersClock(_ example: Case) {
        let requestDate = Date(timeIntervalSince1970: 1_800_000_000)
        let fetchedAt = requestDate.addingTimeInterval(example.skew)
        let entitlement = EntitlementInfo(
            identifier: "pro", productID: "pro.monthly", expiresAt: example.expiresIn.map { requestDate.addingTimeInterval($0) },
            willRenew: true, periodType: "normal", inGracePeriod: false, billingIssueDetectedAt: nil, store: "app_store",
            environment: "production", subscriptionID: "1", ownership: "purchased")
        let payload = CustomerPayload(appUserID: "ann", entitlements: [entitlement], subscriptions: [], firstSeenAt: nil, requestDate: requestDate)
        let info = CustomerInfo(payload: payload, fetchedAt: fetchedAt, source: .cache)
        let now = fetchedAt.addingTimeInterval(example.elapsed)
        #expect(info.isEntitled(to: "pro", at: now) == example.active)
        #expect(info.serverDate(at: now) >= requestDate, "never earlier than the answer")
    }
}
