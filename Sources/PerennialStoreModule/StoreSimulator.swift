import Hummingbird

/// A store's simulator, served by `perennial simulator` beside the App Store's and on its clock, so that the
/// store's official client library works against it unchanged.
public protocol StoreSimulator: Sendable {
    /// Adds the store's API at the paths its client library calls, and the simulator's control API under
    /// `/simulator/<store>/…`.
    func addRoutes(to router: Router<BasicRequestContext>)

    /// Brings the simulator up to its clock (renewals, retries, webhook deliveries due); called about every
    /// second while it serves.
    func tick() async
}
