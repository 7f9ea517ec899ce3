/// The body of Set App Account Token as received: the token optional, so that a missing one is refused
/// as an invalid UUID.
struct AppAccountTokenBody: Decodable, Sendable {
    var appAccountToken: String?
}
