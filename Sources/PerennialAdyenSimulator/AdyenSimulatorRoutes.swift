import Hummingbird
import PerennialSimulatorKit

/// The Adyen simulator on a Hummingbird router: the Checkout API under `/v71/…` and `/v72/…`, and its
/// control API under `/simulator/adyen/`.
public enum AdyenSimulatorRoutes {
    public static func add<Context: RequestContext>(to router: Router<Context>, simulator: AdyenSimulator) {
        SimulatorRoutes.add(to: router, prefixes: ["v71", "v72"]) { await simulator.handle($0) }
        SimulatorRoutes.add(to: router, prefixes: ["simulator/adyen"]) { await simulator.control($0) }
    }
}
