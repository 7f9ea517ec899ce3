import Foundation

/// What the customer has paid for, as the server last said, and how old that word is.
public struct CustomerInfo: Sendable, Hashable {
    /// Where an answer came from.
    public enum Source: String, Sendable, Hashable {
        /// The server answered this call (200, or 304 for the cached copy).
        case server
        /// The copy on the device: the server was not asked (fresh enough) or could not be reached.
        case cache
    }

    /// The customer's id (for an alias, the customer it merged into).
    public let appUserID: String
    /// The entitlements the server listed, each with its expiry.
    public let entitlements: [EntitlementInfo]
    /// Every subscription and purchase, on every store.
    public let subscriptions: [SubscriptionInfo]
    /// When the server first saw the customer; nil for one it has not seen yet.
    public let firstSeenAt: Date?
    /// The server's clock when it answered.
    public let requestDate: Date
    /// The device's clock when the answer arrived.
    public let fetchedAt: Date
    /// Whether this call reached the server.
    public let source: Source

    init(payload: CustomerPayload, fetchedAt: Date, source: Source) {
        appUserID = payload.appUserID
        entitlements = payload.entitlements
        subscriptions = payload.subscriptions
        firstSeenAt = payload.firstSeenAt
        requestDate = payload.requestDate
        self.fetchedAt = fetchedAt
        self.source = source
    }

    /// How old the server's word is at `now` (device clock), in seconds.
    public func age(at now: Date = Date()) -> TimeInterval {
        max(0, now.timeIntervalSince(fetchedAt))
    }

    /// The server's clock at `now`: the device's clock moved by the offset between the two clocks when the
    /// answer came (so a device clock that runs ahead or behind counts right), and never earlier than the
    /// answer itself.
    public func serverDate(at now: Date = Date()) -> Date {
        max(requestDate, now.addingTimeInterval(requestDate.timeIntervalSince(fetchedAt)))
    }

    /// The entitlements that still give access at `now`: listed by the server and not expired since, even
    /// offline (a cached copy is never trusted past an entitlement's expiry).
    public func activeEntitlements(at now: Date = Date()) -> [EntitlementInfo] {
        let serverNow = serverDate(at: now)
        return entitlements.filter { $0.isActive(at: serverNow) }
    }

    /// Whether the customer has the entitlement `identifier` at `now`.
    public func isEntitled(to identifier: String, at now: Date = Date()) -> Bool {
        activeEntitlements(at: now).contains { $0.identifier == identifier }
    }
}
