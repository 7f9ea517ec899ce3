/// Where the simulator pushes RTDN, as a Pub/Sub push subscription with authentication would: the endpoint,
/// and the token's audience and service account.
public struct PlayPushTarget: Sendable, Hashable {
    public var endpoint: String
    public var audience: String
    public var serviceAccountEmail: String

    public init(endpoint: String, audience: String, serviceAccountEmail: String) {
        self.endpoint = endpoint
        self.audience = audience
        self.serviceAccountEmail = serviceAccountEmail
    }
}
