/// What a Pub/Sub push to this app must prove: Google signed an OIDC token for this audience, on behalf of
/// this service account (the push subscription's authentication settings).
public struct PlayPushExpectation: Sendable, Hashable {
    /// The token's `aud`: the push subscription's audience (by default its endpoint URL).
    public var audience: String
    /// The token's `email`: the service account the push subscription authenticates as.
    public var serviceAccountEmail: String

    public init(audience: String, serviceAccountEmail: String) {
        self.audience = audience
        self.serviceAccountEmail = serviceAccountEmail
    }
}
