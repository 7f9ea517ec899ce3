/// Resolves a host name to the addresses a connection to it would use (the system's resolver in
/// production), so an endpoint's URL is judged by where it really points.
public protocol WebhookAddressResolver: Sendable {
    /// The host's addresses: 4 bytes each for IPv4, 16 for IPv6. Throws when the name does not resolve.
    func addresses(of host: String) async throws -> [[UInt8]]
}
