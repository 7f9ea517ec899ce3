import PerennialAdyen
import PerennialHTTP
import PerennialServices
import PerennialStoreModule

/// Adyen wired for the configured apps: a Checkout API client per app, the store adapter, the renewal job
/// that runs Perennial's schedule, and the checkout and cancellation routes.
struct AdyenRuntime: StoreRuntime {
    let adapter: any StoreAdapter
    let connections: [String: AdyenConnection]
    let context: StoreContext

    init(settings: [String: AdyenSettings], context: StoreContext) {
        connections = settings.mapValues { app in
            AdyenConnection(settings: app, client: AdyenAPIClient(
                apiKey: app.apiKey, baseURL: app.apiBaseURL, transport: context.transport, retryPolicy: context.retryPolicy, timeout: context.timeout))
        }
        adapter = AdyenAdapter(connections: connections, ledger: context.ledger, clock: context.clock)
        self.context = context
    }

    func jobHandlers(_ services: StoreServices) -> [any JobHandler] {
        [AdyenRenewalJob(
            connections: connections, services: services, ledger: context.ledger, jobs: context.jobs, clock: context.clock, logger: context.logger)]
    }

    func routes(_ services: StoreServices) -> [any StoreRoutes] {
        [AdyenRoutes(
            checkout: AdyenCheckoutService(connections: connections, ledger: context.ledger, clock: context.clock),
            control: AdyenRenewalControl(connections: connections, ledger: context.ledger, jobs: context.jobs, clock: context.clock),
            ingestor: services.ingestor)]
    }
}
