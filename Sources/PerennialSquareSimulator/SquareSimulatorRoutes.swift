import Hummingbird
import PerennialSimulatorKit

/// The Square simulator on a Hummingbird router: Square's API under `/v2/…` and its control API under
/// `/simulator/square/`.
public enum SquareSimulatorRoutes {
    public static func add<Context: RequestContext>(to router: Router<Context>, simulator: SquareSimulator) {
        SimulatorRoutes.add(to: router, prefixes: ["v2"]) { await simulator.handle($0) }
        SimulatorRoutes.add(to: router, prefixes: ["simulator/square"]) { await simulator.control($0) }
    }
}
