import PerennialCore
import PerennialServices
import Testing

/// `perennial doctor` with stores that do not answer: each store's checks run at once and are abandoned at
/// their timeout, reported as such, instead of waiting for every store's timeouts and retries in turn.
@Suite("Doctor with stores down")
struct DoctorTimeoutTests {
    static func doctor(_ harness: TestHarness, adapters: [any StoreAdapter], checkTimeout: Duration) -> AppDoctor {
        AppDoctor(
            apps: harness.configuration.apps, adapters: StoreAdapters(adapters), inbox: harness.stack.notificationInbox,
            jobs: harness.stack.jobs, health: AppHealth(), clock: harness.clock, checkTimeout: checkTimeout)
    }

    /// The hanging store would hold the doctor for a day: the test's time limit is the bound that matters (a
    /// wall-clock bound on the answer failed under a full parallel run, at 11 s for a 1 s timeout).
    @Test(.timeLimit(.minutes(3))) func aStoreThatNeverAnswersIsReportedAtItsTimeout() async throws {
        try await TestHarness.run { harness in
            let hanging = Store(rawValue: "hanging_store")!
            let doctor = Self.doctor(harness, adapters: [
                SlowStoreAdapter(store: hanging, delay: nil),
                SlowStoreAdapter(store: Store(rawValue: "quick_store")!, delay: .zero),
            ], checkTimeout: .seconds(1))
            let start = ContinuousClock.now
            let found = await doctor.refresh()["forest"] ?? []
            let took = start.duration(to: .now)
            #expect(took >= .seconds(1), "the quick store's answer did not end the wait: \(took)")
            #expect(found.map(\.code).sorted() == ["quick_store_checked", AppDoctor.checkTimedOut])
            let timedOut = try #require(found.first { $0.code == AppDoctor.checkTimedOut })
            #expect(timedOut.store == hanging)
            #expect(timedOut.problem.contains("hanging_store") && !timedOut.fix.isEmpty)
        }
    }

    @Test(.timeLimit(.minutes(3))) func eachStoresChecksRunAtOnce() async throws {
        try await TestHarness.run { harness in
            let gauge = ConcurrencyGauge()
            let adapters = (1...4).map {
                SlowStoreAdapter(store: Store(rawValue: "slow_store_\($0)")!, delay: .seconds(3), gauge: gauge)
            }
            let doctor = Self.doctor(harness, adapters: adapters, checkTimeout: .seconds(30))
            let found = await doctor.examine(harness.configuration.apps[0])
            #expect(found.count == 4, "\(found.map(\.code))")
            // In turn, one would run at a time; at once, all four are running before the first ends (measured
            // by what ran together, not by the clock, which a loaded machine stretches).
            #expect(await gauge.maximum == 4)
        }
    }
}
