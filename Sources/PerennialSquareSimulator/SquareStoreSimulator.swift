import Hummingbird
import PerennialStoreModule

/// The Square simulator as `perennial simulator` serves it: Square's API for the access token
/// `EAAAsimulated-perennial`, its control API under `/simulator/square/`, and webhooks posted over HTTP to the
/// webhook subscriptions made there. Its state is not kept in the state folder.
public struct SquareStoreSimulator: StoreSimulator {
    public static let accessToken = "EAAAsimulated-perennial"

    public let simulator: SquareSimulator

    public init(context: SimulatorContext) {
        simulator = SquareSimulator(accessToken: Self.accessToken, clock: context.clock, transport: context.transport)
    }

    public func addRoutes(to router: Router<BasicRequestContext>) {
        SquareSimulatorRoutes.add(to: router, simulator: simulator)
    }

    public func tick() async {
        await simulator.tick()
    }
}
