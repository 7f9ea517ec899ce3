import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// Hashes and checks the dashboard's passwords with bcrypt (hummingbird-auth's `HummingbirdBcrypt`), on
/// NIO's thread pool: a hash takes a deliberate fraction of a second, which must not hold up other requests.
public final class PasswordHasher: Sendable {
    /// bcrypt's work factor (2^cost rounds): 12 for people; tests use the minimum, 4.
    public let cost: UInt8
    /// A hash of nothing anyone knows, checked when the email matches no one, so that an unknown email
    /// takes as long to refuse as a wrong password. Made on first use.
    private let decoy = Mutex<String?>(nil)

    public init(cost: UInt8 = 12) {
        precondition((4...31).contains(cost), "bcrypt's cost runs from 4 to 31")
        self.cost = cost
    }

    /// The password's bcrypt hash (with a new salt).
    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from; with no hash, checks a decoy and answers false.
    public func verify(_ password: String, hash: String?) async throws -> Bool {
        guard let hash else {
            let decoy = try await decoyHash()
            _ = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: decoy) }
            return false
        }
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    private func decoyHash() async throws -> String {
        if let made = decoy.withLock({ $0 }) { return made }
        let made = try await hash(SessionToken.random().value)
        decoy.withLock { $0 = $0 ?? made }
        return made
    }
}
