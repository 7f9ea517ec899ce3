import Logging
import PerennialCore
import PerennialOutbound

/// What `perennial simulator` gives a store's module to build its simulator.
public struct SimulatorContext: Sendable {
    /// The simulators' shared clock (the App Store simulator's: `/simulator/clock/advance` moves it).
    public var clock: any Clock
    /// How the simulator reaches Perennial (webhook and notification deliveries).
    public var transport: any HTTPTransport
    public var logger: Logger

    public init(clock: any Clock, transport: any HTTPTransport, logger: Logger) {
        self.clock = clock
        self.transport = transport
        self.logger = logger
    }
}
