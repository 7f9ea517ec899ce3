import PerennialSimulatorKit

extension AdyenSimulator {
    /// The simulator reached in-process as if over HTTP, its API and its control API alike.
    public nonisolated var transport: SimulatorTransport {
        SimulatorTransport(api: { await self.handle($0) }, controlPrefix: "/simulator/adyen/", control: { await self.control($0) })
    }
}
