import PerennialSimulatorKit

extension SquareSimulator {
    /// The simulator reached in-process as if over HTTP, its API and its control API alike.
    public nonisolated var transport: SimulatorTransport {
        SimulatorTransport(api: { await self.handle($0) }, controlPrefix: "/simulator/square/", control: { await self.control($0) })
    }
}
