import PerennialCore
import PerennialServices
import PerennialStoreModule

/// The test store as a module: what a store outside the server's own list brings (here, only a simulator).
struct TestStoreModule: StoreModule {
    let store = Store(rawValue: "test_store")!
    let name = "test"
    let errorCodes: [ErrorCode] = []
    let defaultCommission = CommissionSchedule(firstYearBasisPoints: 1000, afterFirstYearBasisPoints: 1000)
    let defaultPayoutCalendar: PayoutCalendar? = nil

    func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? {
        TestStoreSimulator()
    }
}
