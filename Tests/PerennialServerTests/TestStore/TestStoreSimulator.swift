import Hummingbird
import PerennialStoreModule
import Synchronization

/// The test store's simulator: `GET /simulator/test_store/ticks` answers how often it was ticked.
final class TestStoreSimulator: StoreSimulator {
    private let ticks = Mutex(0)

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("simulator/test_store/ticks") { _, _ in
            String(self.ticks.withLock { $0 })
        }
    }

    func tick() async {
        ticks.withLock { $0 += 1 }
    }
}
