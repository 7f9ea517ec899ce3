import Foundation

/// The app's connection to its Perennial server: who the customer is, what they have paid for, and every
/// purchase delivered to the server before StoreKit is told it is finished.
///
/// ```swift
/// let perennial = Perennial.configure(apiKey: "pk_live_…", baseURL: URL(string: "https://subs.example.com")!)
/// if try await perennial.customerInfo().isEntitled(to: "pro") { … }
/// ```
public actor Perennial {
    let configuration: ClientConfiguration
    let api: PerennialAPI
    let store: (any PurchaseStore)?
    let values: any ClientValueStore
    let cache: CustomerInfoCache
    let now: @Sendable () -> Date

    /// The customer the app acts for now.
    public internal(set) var appUserID: String
    var listeners: [UUID: AsyncStream<CustomerInfo>.Continuation] = [:]
    /// Transactions the store handed over that the server has not confirmed yet, by transaction id.
    var awaitingServer: [String: StoreTransaction] = [:]
    var deliveries: [String: Task<DeliveryOutcome, Never>] = [:]
    var retryTask: Task<Void, Never>?
    var updatesTask: Task<Void, Never>?
    var retryAttempt = 0
    var started = false

    /// A client with the given dependencies; `start()` begins observing the store.
    public init(configuration: ClientConfiguration, dependencies: ClientDependencies) {
        self.configuration = configuration
        api = PerennialAPI(configuration: configuration, transport: dependencies.transport)
        store = dependencies.store
        values = dependencies.values
        now = dependencies.now
        cache = CustomerInfoCache(file: configuration.resolvedStorageDirectory.appendingPathComponent("customers.json"))
        appUserID = Self.initialAppUserID(configuration: configuration, values: dependencies.values)
    }

    /// Configures the shared client with the standard dependencies and starts it: call once at launch,
    /// before anything else, so no transaction StoreKit delivers at launch is missed.
    @discardableResult
    public static func configure(apiKey: String, baseURL: URL, appUserID: String? = nil) -> Perennial {
        let configuration = ClientConfiguration(apiKey: apiKey, baseURL: baseURL, appUserID: appUserID)
        let client = Perennial(configuration: configuration, dependencies: .standard(for: configuration))
        SharedClient.instance.set(client)
        Task { await client.start() }
        return client
    }

    /// The client `configure` made; nil before it ran.
    public static var shared: Perennial? { SharedClient.instance.get() }

    /// Begins observing the store's transaction updates and sends the transactions left unfinished (a
    /// purchase whose delivery the app did not live to see). Idempotent; `configure` calls it.
    public func start() async {
        guard !started else { return }
        started = true
        if let store {
            let updates = store.transactionUpdates()
            updatesTask = Task { [weak self] in
                for await transaction in updates {
                    guard let self else { return }
                    _ = await self.deliver(transaction)
                }
            }
        }
        await resendUnfinished()
    }

    /// Stops observing the store and retrying (a client replaced in tests, or an app switching servers).
    public func stop() {
        updatesTask?.cancel()
        retryTask?.cancel()
        for listener in listeners.values { listener.finish() }
        listeners = [:]
    }
}
