import Foundation
import PerennialCore
import PerennialOutbound
import PerennialSimulatorKit

/// PayPal's REST API for one merchant app, in memory, on a simulated clock: OAuth client credentials, the
/// catalog (products, plans), subscriptions from approval through renewals, failed payments and their
/// retries, suspension, cancellation and expiry, refunds and reversals, and webhooks signed as PayPal signs
/// them (with `PayPalSigningAuthority`'s certificate, served at `/v1/notifications/certs/…`), retried until
/// answered. `paypal-server-sdk` works against it unchanged but for its base URL.
public actor PayPalSimulator {
    public let clientID: String
    let secret: String
    let clock: any Clock
    let authority: PayPalSigningAuthority
    let webhookTransport: (any HTTPTransport)?

    var tokens: [String: Instant] = [:]
    var products: [String: [String: Any]] = [:]
    var plans: [String: PayPalSimulatedPlan] = [:]
    var subscriptions: [String: PayPalSimulatedSubscription] = [:]
    var sales: [String: PayPalSimulatedSale] = [:]
    var webhooks: [PayPalSimulatedWebhook] = []
    /// PayPal retries a delivery that gets no 2xx up to 25 times over about three days.
    var outbox = WebhookOutbox(maximumAttempts: 25)
    var faults = SimulatedFaults()
    public internal(set) var events: [PayPalSimulatedEvent] = []
    /// Answers already given to a `PayPal-Request-Id`, by method, path and key.
    var idempotentAnswers: [String: SimulatedResponse] = [:]
    var ids = SimulatedIDs()
    var address: SimulatorAddress
    /// The simulator's own address, for its links and its certificate URL.
    var base: String { address.url }

    /// A simulator for the REST app `clientID`/`secret`, reached at `baseURL` (by default, at whatever host
    /// its callers name); deliveries go through `transport` (none: events are kept, not delivered).
    public init(
        clientID: String, secret: String, clock: any Clock, authority: PayPalSigningAuthority = .shared, transport: (any HTTPTransport)? = nil,
        baseURL: String? = nil
    ) {
        address = SimulatorAddress(fixed: baseURL)
        self.clientID = clientID
        self.secret = secret
        self.clock = clock
        self.authority = authority
        webhookTransport = transport
    }

    /// A new id with `prefix`, unique in this simulator (`I-…` subscriptions, `P-…` plans, `WH-…` events).
    func nextID(_ prefix: String, length: Int = 12) -> String {
        ids.next(prefix, length: length)
    }

    /// Every attempt to deliver a webhook, in order.
    public var attempts: [WebhookAttempt] { outbox.attempts }

    /// Brings the simulator up to its clock: payments due are attempted, then webhooks due are delivered.
    public func tick() async {
        billDue()
        await deliverDue()
    }

    /// The certificate authority's root, which a Perennial trusting this simulator names in `trusted_roots_file`.
    public nonisolated var rootPEM: String { authority.rootPEM }
}
