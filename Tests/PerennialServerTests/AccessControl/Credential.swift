import PerennialCore
import PerennialServices

/// The keys a request can present in the access-control tests: none, each key of `forest` (the app under
/// test), each key of `grove` (a second app on the same server), and a key no app has.
enum Credential: String, Sendable, CaseIterable, CustomStringConvertible {
    case none
    case forestPublic = "forest public"
    case forestSecret = "forest secret"
    case grovePublic = "grove public"
    case groveSecret = "grove secret"
    case unknown

    static let grovePublicKey = "pk_grove_0123456789abcdef"
    static let groveSecretKey = "sk_grove_0123456789abcdef"

    /// The second app: the same catalog as `forest`, other keys, no store credentials.
    static let grove = AppSettings(
        id: "grove", bundleID: "com.example.grove", catalog: TestHarness.catalog(), publicAPIKey: grovePublicKey,
        secretAPIKey: groveSecretKey
    )

    var key: String? {
        switch self {
        case .none: nil
        case .forestPublic: TestHarness.publicKey
        case .forestSecret: TestHarness.secretKey
        case .grovePublic: Self.grovePublicKey
        case .groveSecret: Self.groveSecretKey
        case .unknown: "sk_nobody_0123456789abcdef"
        }
    }

    /// Whether a route open to `access` lets this credential in.
    func opens(_ access: APIRoute.Access) -> Bool {
        switch (self, access) {
        // A route that needs no key (`/health`) reads none: whatever the header says, it answers.
        case (_, .store), (_, .none): true
        case (.unknown, _): false
        case (.none, _): false
        case (.forestPublic, .publicKey), (.grovePublic, .publicKey): true
        case (.forestPublic, .secretKey), (.grovePublic, .secretKey): false
        case (.forestSecret, _), (.groveSecret, _): true
        }
    }

    var description: String { rawValue }
}
