import Foundation
import PerennialCore

/// Stripe Billing, simulated closely enough for Stripe's own client libraries: customers, products and
/// prices, subscriptions with their invoices, payment intents, charges and invoice payments, refunds,
/// disputes, Checkout and billing-portal sessions, test clocks, events and signed webhooks, at Stripe's
/// paths (`handle(_:)`, served by `SimulatorServer.addStripeRoutes`).
///
/// Time: an object of a customer on a test clock lives on that clock's frozen time; every other object on
/// the injected clock (the App Store simulator's `SimulatorClock` when served beside it). Renewals, trial
/// ends, retries of failed invoices (`StripeSimulatedRetrySchedule`), cancellations at period end and
/// `pause_collection.resumes_at` happen when their clock reaches them: a test clock's `advance`, or, for the
/// simulator clock, the next request or `tick()`. Webhook retries run on the simulator clock.
public actor StripeSimulator {
    /// The API version events and answers are in (any `Stripe-Version` header is accepted).
    public static let apiVersion = "2026-10-28.endive"

    /// The secret key requests must bear (`Authorization: Bearer sk_test_…`).
    public nonisolated let secretKey: String
    /// What happens to a subscription whose last retry fails.
    public nonisolated let failedPaymentAction: StripeSimulatedFailedPaymentAction
    let clock: any PerennialCore.Clock

    var customers: [String: StripeSimulatedCustomer] = [:]
    var products: [String: StripeSimulatedProduct] = [:]
    var prices: [String: StripeSimulatedPrice] = [:]
    var subscriptions: [String: StripeSimulatedSubscription] = [:]
    var invoices: [String: StripeSimulatedInvoice] = [:]
    var paymentIntents: [String: StripeSimulatedPaymentIntent] = [:]
    var charges: [String: StripeSimulatedCharge] = [:]
    var invoicePayments: [String: StripeSimulatedInvoicePayment] = [:]
    var refunds: [String: StripeSimulatedRefund] = [:]
    var disputes: [String: StripeSimulatedDispute] = [:]
    var checkoutSessions: [String: StripeSimulatedCheckoutSession] = [:]
    var portalSessions: [String: StripeSimulatedJSON] = [:]
    var testClocks: [String: StripeSimulatedTestClock] = [:]
    var events: [String: StripeSimulatedEvent] = [:]
    /// Creation order of every object, for lists (newest first).
    var sequence: [String: Int] = [:]
    var nextSequence = 0
    var nextInvoiceNumber = 1

    var idempotency: [String: StripeSimulatedIdempotencyRecord] = [:]
    /// The request being answered, named in the events it causes.
    var currentRequest: (id: String, idempotencyKey: String?)?
    var faultList = StripeSimulatedFaultList()
    /// Bumped when the faults are cleared: requests a timeout fault holds are let go.
    var faultGeneration = 0

    var webhookEndpoint: StripeSimulatedWebhookEndpoint?
    var webhookSender: (any StripeSimulatedWebhookSender)?
    var pendingDeliveries: [StripeSimulatedPendingDelivery] = []
    var attempts: [StripeSimulatedWebhookAttempt] = []

    /// A simulator accepting `secretKey`, its unclocked objects on `clock`.
    public init(
        secretKey: String = "sk_test_perennial", clock: any PerennialCore.Clock, failedPaymentAction: StripeSimulatedFailedPaymentAction = .cancel
    ) {
        self.secretKey = secretKey
        self.clock = clock
        self.failedPaymentAction = failedPaymentAction
    }

    /// The simulator clock's now, in Unix seconds.
    var simulatorNow: Int64 { clock.now().milliseconds / 1000 }

    /// Now on `testClock` (a frozen time), or on the simulator clock.
    func now(clock testClock: String?) -> Int64 {
        testClock.flatMap { testClocks[$0]?.frozenTime } ?? simulatorNow
    }

    /// Now in the time of `customer`.
    func now(customer: String) -> Int64 {
        now(clock: customers[customer]?.testClock)
    }

    /// Records `id` as the newest object.
    func register(_ id: String) {
        sequence[id] = nextSequence
        nextSequence += 1
    }

    /// Brings the objects on the simulator clock up to its now, then delivers the webhooks due. Call it
    /// after moving the clock (requests do it themselves).
    public func tick() async {
        catchUp()
        await deliverDue()
    }

    /// Every event so far, oldest first (for tests and the control API).
    public func recordedEvents() -> [StripeSimulatedEvent] {
        events.values.sorted { (sequence[$0.id] ?? 0) < (sequence[$1.id] ?? 0) }
    }
}
