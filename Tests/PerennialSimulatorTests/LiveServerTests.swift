import Hummingbird
import HummingbirdTesting
import PerennialSimulator
import Synchronization
import Testing

@Suite struct LiveServerTests {
    @Test(.timeLimit(.minutes(1))) func applicationServesOnAPortAndReportsIt() async throws {
        let simulator = try Fixture.simulator()
        let reported = Mutex<Int?>(nil)
        let app = SimulatorServer.makeApplication(simulator: simulator, port: 0) { port in
            reported.withLock { $0 = port }
        }
        try await app.test(.live) { client in
            let response = try await client.send(.get, "/simulator/clock")
            #expect(response.status == .ok)
            #expect(response.object["now_ms"]?.text == String(Fixture.start.milliseconds))
            #expect(reported.withLock { $0 } == client.port)
        }
    }
}
