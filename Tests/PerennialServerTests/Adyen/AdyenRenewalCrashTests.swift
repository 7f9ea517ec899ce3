import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAdyen
import PerennialAdyenSimulator
import PerennialCore
import PerennialOutbound
import PerennialServer
import PerennialServices
import PerennialSimulator
import PerennialSimulatorKit
import Testing

/// Issue 35, item 4: `perennial serve` killed with SIGKILL at every step of an Adyen renewal — before Adyen
/// charged, after it charged but before it answered, and at moments after it answered while Perennial
/// records the answer — and restarted each time. Runs the built executable against the Adyen simulator on
/// this machine (on SQLite, and on PostgreSQL when `PERENNIAL_TEST_POSTGRES_URL` is set), whose clock is five weeks behind: every subscription's second period is due, some cards
/// pay and some refuse every retry. After the kills no period was charged twice, none due was left
/// uncharged, every refused attempt due was made exactly once, and Perennial's state says so.
@Suite("Crash safety: Adyen renewals", .serialized)
struct AdyenRenewalCrashTests {
    static let subscriptions = 18
    static let hmacKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"
    static let publicKey = "pk_crash_0123456789abcdef"
    static let steps: [AdyenCrashGate.Step] = [
        .beforeCharge, .afterCharge, .afterAnswer(milliseconds: 0), .afterAnswer(milliseconds: 15), .afterAnswer(milliseconds: 60),
        .beforeCharge, .afterCharge, .afterAnswer(milliseconds: 5), .afterAnswer(milliseconds: 30), .afterCharge,
    ]

    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func noPeriodIsChargedTwiceAndNoneDueIsLeftUncharged(_ kind: CrashSafetyDatabase.Kind) async throws {
        let executable = try #require(PerennialExecutable.locate(), "build the perennial executable first (swift build --build-tests)")
        let started = SystemClock().now()
        let clock = SimulatorClock(start: started.adding(milliseconds: -35 * 86_400_000), rate: 1)
        let simulator = AdyenSimulator(
            apiKey: "AQE-crash", merchantAccount: "CrashECOM", clock: clock, transport: AsyncHTTPClientTransport(client: .shared))
        let gate = AdyenCrashGate(simulator: simulator)
        let router = Router()
        SimulatorRoutes.add(to: router, prefixes: ["v71", "v72"]) { await gate.handle($0) }
        try await Application(router: router).test(.live) { adyen in
            let server = try await AdyenCrashServer(
                executable: executable, adyenBaseURL: "http://127.0.0.1:\(try #require(adyen.port))/v71", database: kind)
            let client = LoopbackClient(connections: 4)
            do {
                try await run(server: server, simulator: simulator, gate: gate, client: client)
            } catch {
                await client.shutdown()
                await server.remove()
                throw error
            }
            await client.shutdown()
            await server.remove()
        }
    }

    private func run(server: AdyenCrashServer, simulator: AdyenSimulator, gate: AdyenCrashGate, client: LoopbackClient) async throws {
        await simulator.setWebhook(url: "\(server.base)/v1/adyen/notifications/crash", hexKey: Self.hmacKey)
        var process = try await server.start(client: client)
        // Every customer buys; a third of the cards refuse from then on.
        var ids: [String] = []
        for index in 0..<Self.subscriptions {
            let body = try JSONSerialization.data(withJSONObject: ["app_user_id": "crash-\(index)", "product_id": AdyenCrashServer.productID])
            let answer = await client.post("\(server.base)/v1/adyen/checkout-sessions", json: body, bearer: Self.publicKey)
            let session = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], "\(answer.body)")
            let id = try #require(session["subscription_id"] as? String)
            _ = await simulator.complete(session: try #require(session["session_id"] as? String))
            if index % 3 == 2 {
                let methods = try await AdyenAPIClient(apiKey: "AQE-crash", baseURL: "http://adyen.test/v71", transport: simulator.transport)
                    .storedPaymentMethods(shopperReference: id, merchantAccount: "CrashECOM")
                _ = await simulator.setRefuses(true, method: try #require(methods.first?.id))
            }
            ids.append(id)
        }
        await simulator.deliverDue()
        for index in 0..<Self.subscriptions {
            let customer = await client.get("\(server.base)/v1/customers/crash-\(index)", bearer: Self.publicKey)
            #expect(customer.body.contains(ids[index]), "the first payment reached Perennial: \(customer.body)")
        }
        // Restarted, the server schedules its renewal checks at once; it dies at each step in turn, armed as
        // it starts, and is started again.
        await process.stop()
        for step in Self.steps {
            process = try server.spawn()
            let killsBefore = await gate.kills
            await gate.arm(step, pid: process.pid)
            let fired = try await waitUntil(seconds: 30) { await gate.kills > killsBefore }
            guard fired else { break }
            _ = await process.waitForExit(within: .seconds(10))
        }
        process = try await server.start(client: client)
        await gate.disarm()
        let killed = await gate.kills
        #expect(killed == Self.steps.count, "the server was killed mid-renewal \(killed) times")

        // Left alone, it finishes every attempt due.
        let schedule = AdyenRenewalSchedule(period: AdyenBillingPeriod(1, .month), chargeAheadMilliseconds: 3_600_000)
        let expected = try await expectedAttempts(ids, schedule: schedule, client: client, server: server)
        let settled = try await waitUntil(seconds: 120) {
            let made = Set(await gate.charges.map(\.reference))
            return expected.isSubset(of: made)
        }
        let made = Set(await gate.charges.map(\.reference))
        #expect(settled, "every attempt due was made: missing \(expected.subtracting(made).sorted())")
        try await audit(ids, expected: expected, gate: gate, client: client, server: server)
        await process.stop()
    }

    /// The attempts due by now: each paying card's second period, once; each refusing card's attempts at it
    /// whose time has come.
    private func expectedAttempts(
        _ ids: [String], schedule: AdyenRenewalSchedule, client: LoopbackClient, server: AdyenCrashServer
    ) async throws -> Set<String> {
        var expected: Set<String> = []
        let now = SystemClock().now()
        for (index, id) in ids.enumerated() {
            let customer = await client.get("\(server.base)/v1/customers/crash-\(index)", bearer: Self.publicKey)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(customer.body.utf8)) as? [String: Any])
            let subscription = try #require((json["subscriptions"] as? [[String: Any]])?.first)
            let start = try #require(AdyenNotificationItem(
                pspReference: "-", merchantAccountCode: "-", merchantReference: nil, amount: nil, eventCode: "-",
                eventDate: subscription["original_purchase_date"] as? String, success: "true").eventInstant)
            if index % 3 == 2 {
                for attempt in 0...3 where schedule.attemptTime(1, attempt: attempt, start: start) <= now {
                    expected.insert(AdyenRenewalReference(subscriptionID: id, period: 1, attempt: attempt).merchantReference)
                }
            } else {
                expected.insert(AdyenRenewalReference(subscriptionID: id, period: 1).merchantReference)
            }
        }
        return expected
    }

    /// No period charged twice, exactly the attempts due made, and Perennial's states agree.
    private func audit(_ ids: [String], expected: Set<String>, gate: AdyenCrashGate, client: LoopbackClient, server: AdyenCrashServer) async throws {
        let charges = await gate.charges
        var authorisedPeriods: [String: Int] = [:]
        for charge in charges {
            let reference = try #require(AdyenRenewalReference(merchantReference: charge.reference))
            if charge.resultCode == "Authorised" { authorisedPeriods[reference.lineItem, default: 0] += 1 }
        }
        #expect(authorisedPeriods.values.allSatisfy { $0 == 1 }, "no period charged twice: \(authorisedPeriods)")
        #expect(Set(charges.map(\.reference)) == expected, "exactly the attempts due, each once")
        #expect(charges.count == expected.count, "no attempt charged twice")
        // Perennial records every answer: a renewal whose answer died with the server is asked again once its
        // job's lease runs out, and answered as the first time.
        var states: [String] = []
        let agreed = try await waitUntil(seconds: 60) {
            states = try await self.states(ids, client: client, server: server)
            return states == ids.indices.map { $0 % 3 == 2 ? "billing_retry 0" : "active 1" }
        }
        #expect(agreed, "paying subscriptions renewed once, refusing ones in billing retry: \(states)")
    }

    /// Each subscription's state and renewal count, as Perennial answers them.
    private func states(_ ids: [String], client: LoopbackClient, server: AdyenCrashServer) async throws -> [String] {
        var states: [String] = []
        for (index, id) in ids.enumerated() {
            let customer = await client.get("\(server.base)/v1/customers/crash-\(index)", bearer: Self.publicKey)
            let json = try JSONSerialization.jsonObject(with: Data(customer.body.utf8)) as? [String: Any]
            let subscription = (json?["subscriptions"] as? [[String: Any]])?.first { $0["subscription_id"] as? String == id }
            states.append("\(subscription?["state"] as? String ?? "?") \(subscription?["renewal_count"] as? Int ?? -1)")
        }
        return states
    }

    /// Polls `condition` every 100 ms until it holds or `seconds` pass.
    private func waitUntil(seconds: Int, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await condition()
    }
}
