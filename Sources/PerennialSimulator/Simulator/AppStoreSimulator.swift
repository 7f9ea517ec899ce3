import PerennialAppStore
import PerennialCore

/// A local App Store: accounts, purchases, auto-renewable subscriptions with their whole lifecycle, a
/// verifyReceipt that answers like Apple's, signed transactions and PKCS#7 receipts from its own
/// certificate authority (`signingAuthority`), App Store server notifications (versions 1 and 2, with
/// Apple's retries), the App Store Server API, and fault injection.
///
/// Time is the simulator's own `clock`. Renewals are processed lazily: before answering anything, the
/// simulator performs every renewal, billing failure and expiry due by the clock's now, in time order.
/// Every lifecycle change goes through one place and is written to the event log (`events()`); each
/// event queues the notifications it causes, which a `SimulatorNotificationSender` delivers.
///
/// ```swift
/// let simulator = try AppStoreSimulator(configuration: .example(timeScale: .manual))
/// let purchase = try await simulator.purchase(
///     account: "alice", bundleID: "com.example.perennial", productID: "pro.monthly", offer: .trial)
/// await simulator.advanceClock(by: .seconds(8 * 86_400))
/// let response = await simulator.verifyReceipt(
///     receiptData: purchase.receiptData, password: "5e6f0c2a9b8d4e1f7a3c6b9d2e5f8a1c", endpoint: .sandbox)
/// ```
public actor AppStoreSimulator {
    /// The configuration it was created with.
    public nonisolated let configuration: SimulatorConfiguration
    /// The simulated clock; advancing it directly is fine (renewals catch up on the next call).
    public nonisolated let clock: SimulatorClock
    /// The certificate authority that signs the simulator's JWS and receipts; trust its root in Perennial.
    public nonisolated let signingAuthority: SimulatorSigningAuthority

    var state: SimulatorState
    var faultList = SimulatorFaultList()
    var holds: [Int: HeldRequest] = [:]
    var nextHoldID = 1
    var notificationLog = NotificationLog()
    var notificationSender: (any SimulatorNotificationSender)?
    /// The task sending due notifications, while one runs.
    var deliveryTask: Task<Void, Never>?
    /// The timer that wakes the simulator for the next renewal or retry when its clock runs by itself.
    var wakeTask: Task<Void, Never>?
    var wakeAt: Instant?
    /// Test notification token → its id in the delivery log.
    var testNotifications: [String: Int] = [:]
    /// Renewal-date extensions done, by original transaction id and request identifier.
    var renewalExtensions: [String: ExtendRenewalDateResponse] = [:]
    /// Mass renewal-date extensions done, by bundle id, product id and request identifier.
    var massExtensions: [String: MassExtendRenewalDateStatusResponse] = [:]

    /// Creates a simulator. Throws a `SimulatorError` (`invalid_configuration`) when the configuration is
    /// not valid.
    ///
    /// - Parameters:
    ///   - clock: Default `SimulatorClock(configuration:)`.
    ///   - notificationSender: Delivers App Store server notifications; nil: they are only logged (see
    ///     `setNotificationSender(_:)`).
    ///   - signingAuthority: Default: a new authority valid around the clock's start, with the
    ///     configuration's `signing_seed`.
    ///   - idBlock: Which block of 10⁸ transaction ids this simulator hands out (0 to 8,999,999; default 0:
    ///     from 1000000000000001). Simulators whose ids must never meet (one per state folder) take
    ///     different blocks.
    public init(
        configuration: SimulatorConfiguration, clock: SimulatorClock? = nil,
        notificationSender: (any SimulatorNotificationSender)? = nil,
        signingAuthority: SimulatorSigningAuthority? = nil, idBlock: Int = 0
    ) throws {
        try configuration.validate()
        let clock = clock ?? SimulatorClock(configuration: configuration)
        let authority = try signingAuthority ?? SimulatorSigningAuthority(
            validFrom: clock.now(), seed: configuration.signingSeed)
        self.configuration = configuration
        self.clock = clock
        self.signingAuthority = authority
        self.notificationSender = notificationSender
        self.state = SimulatorState(configuration: configuration, authority: authority, idBlock: idBlock)
    }

    deinit {
        wakeTask?.cancel()
    }

    /// Performs every change due by the clock's now, and returns that now.
    @discardableResult
    func catchUp() -> Instant {
        let now = clock.now()
        state.catchUp(to: now)
        collectNotifications()
        return now
    }

    /// Performs one lifecycle change and takes the notifications it caused into the delivery log.
    @discardableResult
    func apply(_ change: LifecycleChange, at instant: Instant) -> [SimulatorEvent] {
        let events = state.apply(change, at: instant)
        collectNotifications()
        return events
    }

    /// The simulated now (after catching up).
    public func now() -> Instant { catchUp() }

    /// Moves simulated time forward and processes everything due. Returns the new now.
    @discardableResult
    public func advanceClock(by duration: Duration) -> Instant {
        clock.advance(by: duration)
        return catchUp()
    }

    /// Moves simulated time forward by `seconds` (0 up to 100 years) and processes everything due.
    @discardableResult
    public func advanceClock(seconds: Double) throws -> Instant {
        guard seconds.isFinite, seconds >= 0, seconds <= 3_155_760_000 else {
            throw SimulatorError.invalidRequest("seconds must be a number from 0 to 3155760000 (100 years)")
        }
        clock.advance(milliseconds: SimulatorClock.clamped(seconds * 1000))
        return catchUp()
    }

    /// The whole event log, oldest first.
    public func events() -> [SimulatorEvent] {
        catchUp()
        return state.events
    }

    /// An account's receipts, subscriptions and events, optionally narrowed to an app and environment.
    public func report(account: String, bundleID: String? = nil, environment: StoreEnvironment? = nil) -> AccountReport {
        let now = catchUp()
        return state.report(account: account, bundleID: bundleID, environment: environment, now: now)
    }

    /// One subscription as it stands now.
    public func subscription(originalTransactionID id: String) throws -> SubscriptionSummary {
        let now = catchUp()
        return state.summary(of: try existingSubscription(id), now: now)
    }

    /// The app receipt of an account in an app and environment, as of now: base64 of a PKCS#7 container
    /// signed by `signingAuthority`; `unknown_account` when it bought nothing.
    public func receiptData(account: String, bundleID: String, environment: StoreEnvironment) throws -> String {
        let now = catchUp()
        let owner = ReceiptOwner(environment: environment, account: account, bundleID: bundleID)
        guard state.accounts[owner] != nil else {
            throw SimulatorError.notFound("unknown_account", "\(account) has no \(environment.rawValue) receipt for \(bundleID)")
        }
        return state.receiptData(for: owner, at: now)
    }

    func existingSubscription(_ id: String) throws -> SimulatedSubscription {
        guard let subscription = state.subscriptions[id] else {
            throw SimulatorError.notFound("unknown_subscription", "no subscription with original_transaction_id \(id)")
        }
        return subscription
    }
}
