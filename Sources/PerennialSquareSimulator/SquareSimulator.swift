import Foundation
import PerennialCore
import PerennialOutbound
import PerennialSimulatorKit

/// Square's Subscriptions, Invoices, Catalog, Customers, Cards, Refunds and Webhook Subscriptions APIs for
/// one seller, in memory, on a simulated clock: a subscription bills each period in advance with an invoice,
/// charged to the card on file (or emailed without one); an invoice left unpaid leaves the subscription
/// ACTIVE, as Square's does; cancellation and pauses take effect at the period's end; refunds. Webhooks are
/// signed as Square signs them (HMAC-SHA256 over the notification URL and the body) and retried until
/// answered. `squareup` works against it unchanged but for its base URL.
public actor SquareSimulator {
    public nonisolated let accessToken: String
    /// The seller's one location.
    public nonisolated let locationID: String
    let clock: any Clock
    let webhookTransport: (any HTTPTransport)?

    var catalog: [String: [String: Any]] = [:]
    var customers: [String: [String: Any]] = [:]
    /// Cards on file by id, and whether each declines.
    var cards: [String: (json: [String: Any], declines: Bool)] = [:]
    var subscriptions: [String: SquareSimulatedSubscription] = [:]
    var invoices: [String: SquareSimulatedInvoice] = [:]
    var refunds: [String: [String: Any]] = [:]
    var webhooks: [(id: String, url: String, key: String, types: [String], json: [String: Any])] = []
    /// Square retries a delivery for up to 72 hours (1, 2, 4 … minutes apart, then hourly): 25 attempts here.
    var outbox = WebhookOutbox(maximumAttempts: 25)
    var faults = SimulatedFaults()
    var ids = SimulatedIDs()
    var invoiceCount = 0
    /// Answers already given to an `idempotency_key`, by path and key.
    var idempotentAnswers: [String: SimulatedResponse] = [:]
    public internal(set) var events: [(id: String, type: String, body: Data)] = []
    var address: SimulatorAddress
    /// The simulator's own address, for its invoices' public URLs.
    var base: String { address.url }

    /// A simulator for the seller whose access token is `accessToken`, reached at `baseURL` (by default, at
    /// whatever host its callers name); deliveries go through `transport` (none: events are kept, not
    /// delivered).
    public init(
        accessToken: String, locationID: String = "LSIMULATED0001", clock: any Clock, transport: (any HTTPTransport)? = nil, baseURL: String? = nil
    ) {
        self.accessToken = accessToken
        self.locationID = locationID
        self.clock = clock
        webhookTransport = transport
        address = SimulatorAddress(fixed: baseURL)
    }

    /// Every attempt to deliver a webhook, in order.
    public var attempts: [WebhookAttempt] { outbox.attempts }

    /// Brings the simulator up to its clock: scheduled actions and periods due are billed, then webhooks due
    /// are delivered.
    public func tick() async {
        billDue()
        await deliverDue()
    }

    /// `date` as Square writes dates (`YYYY-MM-DD`) in `calendar`'s time zone.
    static func dayText(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
