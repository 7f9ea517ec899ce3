import PerennialSimulatorKit

extension AdyenSimulator {
    /// The simulator reached in-process as if over HTTP, its API and its control API alike.
    public nonisolated var transport: SimulatorTransport {
        SimulatorTransport { request in
            await (request.path.hasPrefix("/simulator/adyen/") ? self.control(request) : self.handle(request))
        }
    }
}
