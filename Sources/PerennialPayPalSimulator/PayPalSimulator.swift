import Foundation
import PerennialCore
import PerennialOutbound

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
    let transport: (any HTTPTransport)?

    var tokens: [String: Instant] = [:]
    var products: [String: [String: Any]] = [:]
    var plans: [String: PayPalSimulatedPlan] = [:]
    var subscriptions: [String: PayPalSimulatedSubscription] = [:]
    var sales: [String: PayPalSimulatedSale] = [:]
    var webhooks: [PayPalSimulatedWebhook] = []
    var pending: [PayPalSimulatedDelivery] = []
    var faults: [PayPalSimulatedFault] = []
    public internal(set) var events: [PayPalSimulatedEvent] = []
    public internal(set) var attempts: [PayPalDeliveryAttempt] = []
    /// Answers already given to a `PayPal-Request-Id`, by method, path and key.
    var idempotentAnswers: [String: PayPalSimulatedResponse] = [:]
    var counter = 0
    /// The simulator's own address as its callers reach it (links, the certificate URL): the one given at
    /// creation, or the last request's `Host`.
    var base: String
    let isAddressFixed: Bool

    /// A simulator for the REST app `clientID`/`secret`, reached at `baseURL` (by default, at whatever host
    /// its callers name); deliveries go through `transport` (none: events are kept, not delivered).
    public init(
        clientID: String, secret: String, clock: any Clock, authority: PayPalSigningAuthority = .shared, transport: (any HTTPTransport)? = nil,
        baseURL: String? = nil
    ) {
        base = baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "http://127.0.0.1"
        isAddressFixed = baseURL != nil
        self.clientID = clientID
        self.secret = secret
        self.clock = clock
        self.authority = authority
        self.transport = transport
    }

    /// A new id with `prefix`, unique in this simulator (`I-…` subscriptions, `P-…` plans, `WH-…` events).
    func nextID(_ prefix: String, length: Int = 12) -> String {
        counter += 1
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
        var value = counter
        var text = ""
        for _ in 0..<length {
            text.append(alphabet[value % alphabet.count])
            value /= alphabet.count
        }
        return prefix + String(text.reversed())
    }

    /// Brings the simulator up to its clock: payments due are attempted, then webhooks due are delivered.
    public func tick() async {
        billDue()
        await deliverDue()
    }

    /// The certificate authority's root, which a Perennial trusting this simulator names in `trusted_roots_file`.
    public nonisolated var rootPEM: String { authority.rootPEM }
}
