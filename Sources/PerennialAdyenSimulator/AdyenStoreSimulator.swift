import Hummingbird
import PerennialStoreModule

/// The Adyen simulator as `perennial simulator` serves it: the Checkout API (`/v71/…`, `/v72/…`) for the API
/// key `AQEsimulated-perennial` and the merchant account `PerennialECOM`, its control API under
/// `/simulator/adyen/`, and standard webhooks posted over HTTP to the webhook set there. Its state is not
/// kept in the state folder.
public struct AdyenStoreSimulator: StoreSimulator {
    public static let apiKey = "AQEsimulated-perennial"
    public static let merchantAccount = "PerennialECOM"

    public let simulator: AdyenSimulator

    public init(context: SimulatorContext) {
        simulator = AdyenSimulator(apiKey: Self.apiKey, merchantAccount: Self.merchantAccount, clock: context.clock, transport: context.transport)
    }

    public func addRoutes(to router: Router<BasicRequestContext>) {
        AdyenSimulatorRoutes.add(to: router, simulator: simulator)
    }

    public func tick() async {
        await simulator.tick()
    }
}
