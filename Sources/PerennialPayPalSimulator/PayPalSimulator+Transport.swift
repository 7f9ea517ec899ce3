import PerennialOutbound
import PerennialSimulatorKit

extension PayPalSimulator {
    /// The simulator reached in-process as if over HTTP, its API and its control API alike: a client
    /// configured with the call's host works unchanged.
    public nonisolated var transport: SimulatorTransport {
        SimulatorTransport(api: { await self.handle($0) }, controlPrefix: "/simulator/paypal/", control: { await self.control($0) })
    }
}
