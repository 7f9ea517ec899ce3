import Hummingbird
import PerennialStoreModule

/// The PayPal simulator as `perennial simulator` serves it: PayPal's API for the REST app
/// `perennial-client`/`perennial-secret`, its control API under `/simulator/paypal/`, and webhooks posted over
/// HTTP to the webhooks registered there. Its state is not kept in the state folder.
public struct PayPalStoreSimulator: StoreSimulator {
    public static let clientID = "perennial-client"
    public static let secret = "perennial-secret"

    public let simulator: PayPalSimulator

    public init(context: SimulatorContext) {
        simulator = PayPalSimulator(clientID: Self.clientID, secret: Self.secret, clock: context.clock, transport: context.transport)
    }

    public func addRoutes(to router: Router<BasicRequestContext>) {
        PayPalSimulatorRoutes.add(to: router, simulator: simulator)
    }

    public func tick() async {
        await simulator.tick()
    }
}
