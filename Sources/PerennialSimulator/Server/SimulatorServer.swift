import Hummingbird
import PerennialCore

/// The simulator's HTTP face: Apple's verifyReceipt endpoints and the `/simulator/…` control API.
///
/// Routes:
/// - `POST /production/verifyReceipt`, `POST /sandbox/verifyReceipt`, `POST /verifyReceipt` (production);
/// - `POST /simulator/purchases`, `GET /simulator/accounts/:account`, `GET /simulator/accounts/:account/receipt`;
/// - `GET /simulator/clock`, `POST /simulator/clock/advance`;
/// - `GET /simulator/subscriptions/:id` and `POST …/auto-renew`, `…/billing`, `…/refund`,
///   `…/change-product`, `…/price-increase`, `…/family`, `DELETE …/family/:member`;
/// - `POST /simulator/products/availability`; `GET|POST|DELETE /simulator/faults`, `DELETE /simulator/faults/:id`;
/// - `GET /simulator/events`; `GET /simulator/notifications`, `POST /simulator/notifications/flush`;
/// - `GET /simulator/root-certificate` (DER, or PEM with `?format=pem`);
/// - with a `StripeSimulator`, Stripe's REST API at `/v1/…` and its control API at `/simulator/stripe/…`
///   (`addStripeRoutes`);
/// - the App Store Server API at Apple's paths (`/inApps/v1/transactions/{id}`, `/inApps/v2/history/{id}`,
///   `/inApps/v1/subscriptions/{id}`, `/inApps/v1/lookup/{orderId}`, `/inApps/v2/refund/lookup/{id}`,
///   `PUT /inApps/v1/subscriptions/extend/{id}`, `POST /inApps/v1/notifications/history`,
///   `POST /inApps/v1/notifications/test`, `GET /inApps/v1/notifications/test/{token}`), also under
///   `/sandbox` and `/production` for one environment; each request needs a bearer token signed with the
///   app's `server_api` key.
public enum SimulatorServer {
    /// A router with every simulator route, then those `addingRoutes` adds (other stores' simulators); with a
    /// state folder, the state is saved after every request that may change it.
    public static func makeRouter(
        simulator: AppStoreSimulator, play: PlaySimulator? = nil, stripe: StripeSimulator? = nil,
        stateFolder: SimulatorStateFolder? = nil, addingRoutes: (Router<BasicRequestContext>) -> Void = { _ in }
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        if let stateFolder { router.add(middleware: SimulatorSavingMiddleware(folder: stateFolder, simulator: simulator)) }
        addRoutes(to: router, simulator: simulator, play: play, stripe: stripe)
        addingRoutes(router)
        return router
    }

    /// Adds the simulator's routes (and its error middleware, scoped to `/simulator`) to an existing router;
    /// with `play`, Google Play's too (`addPlayRoutes`), with `stripe`, Stripe's (`addStripeRoutes`).
    public static func addRoutes<Context: RequestContext>(
        to router: Router<Context>, simulator: AppStoreSimulator, play: PlaySimulator? = nil, stripe: StripeSimulator? = nil
    ) {
        router.add(middleware: SimulatorErrorMiddleware<Context>())
        addVerifyReceiptRoutes(to: router, simulator: simulator)
        addAccountRoutes(to: router, simulator: simulator)
        addSubscriptionRoutes(to: router, simulator: simulator)
        addFaultRoutes(to: router, simulator: simulator)
        addNotificationRoutes(to: router, simulator: simulator)
        addServerAPIRoutes(to: router, simulator: simulator)
        if let play { addPlayRoutes(to: router, play: play) }
        if let stripe { addStripeRoutes(to: router, stripe: stripe) }
    }

    /// An application serving the simulator on `host:port` (port 0: any free port). `onServerRunning`
    /// receives the bound port once the server listens. Run it with `runService()`, or inside a
    /// `ServiceGroup`.
    public static func makeApplication(
        simulator: AppStoreSimulator, play: PlaySimulator? = nil, stripe: StripeSimulator? = nil,
        host: String = "127.0.0.1", port: Int = 8090, stateFolder: SimulatorStateFolder? = nil,
        onServerRunning: @escaping @Sendable (_ port: Int?) async -> Void = { _ in },
        addingRoutes: (Router<BasicRequestContext>) -> Void = { _ in }
    ) -> Application<RouterResponder<BasicRequestContext>> {
        Application(
            router: makeRouter(simulator: simulator, play: play, stripe: stripe, stateFolder: stateFolder, addingRoutes: addingRoutes),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "PerennialSimulator"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port) })
    }

    static func environment(_ text: String?, default fallback: StoreEnvironment? = nil) throws -> StoreEnvironment? {
        guard let text else { return fallback }
        switch text.lowercased() {
        case "sandbox": return .sandbox
        case "production": return .production
        default: throw SimulatorError.invalidRequest("environment must be sandbox or production")
        }
    }
}
