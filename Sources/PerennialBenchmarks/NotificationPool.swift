import Foundation
import Hummingbird
import PerennialCore
import PerennialSimulator
import Synchronization

/// Signed version 2 notifications ready to post, each used once: `DID_RENEW` for a random benchmark
/// customer, carrying a new signed transaction and renewal info, signed by the simulator's authority.
final class NotificationPool: Sendable {
    private let bodies: [ByteBuffer]
    private let nextIndex = Atomic<Int>(0)

    /// Signs `count` notifications for customers `0..<customers`, on every core.
    static func make(count: Int, customers: Int, authority: SimulatorSigningAuthority) async throws -> NotificationPool {
        let workers = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let bodies = try await withThrowingTaskGroup(of: [ByteBuffer].self) { group in
            for worker in 0..<workers {
                let share = count / workers + (worker < count % workers ? 1 : 0)
                group.addTask {
                    var bodies: [ByteBuffer] = []
                    bodies.reserveCapacity(share)
                    for _ in 0..<share {
                        bodies.append(try Self.body(customers: customers, authority: authority))
                    }
                    return bodies
                }
            }
            var all: [ByteBuffer] = []
            for try await part in group { all += part }
            return all
        }
        return NotificationPool(bodies: bodies)
    }

    private init(bodies: [ByteBuffer]) {
        self.bodies = bodies
    }

    /// How many notifications the pool holds.
    var count: Int { bodies.count }

    /// The next unused notification body, or nil when all were taken.
    func next() -> ByteBuffer? {
        let index = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < bodies.count ? bodies[index] : nil
    }

    private static func body(customers: Int, authority: SimulatorSigningAuthority) throws -> ByteBuffer {
        let now = SystemClock().now()
        let customer = Int.random(in: 0..<max(customers, 1))
        let transactionID = String(Int64.random(in: 3_000_000_000_000_000_000..<4_000_000_000_000_000_000))
        let transaction = try authority.signCompactJWS(
            SignedPayloads.renewalTransaction(customer: customer, transactionID: transactionID, now: now)
        )
        let renewal = try authority.signCompactJWS(SignedPayloads.renewalInfo(customer: customer, now: now))
        let notification = try authority.signCompactJWS(
            SignedPayloads.didRenew(signedTransaction: transaction, signedRenewalInfo: renewal, now: now)
        )
        return ByteBuffer(string: "{\"signedPayload\":\"\(notification)\"}")
    }
}
