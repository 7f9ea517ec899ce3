import Crypto
import Foundation
import PerennialCore
import PerennialServices

/// The secret a session cookie carries: 32 random bytes in base64url. The database keeps only its SHA-256
/// (`hash`); the forms of the session's pages carry `csrfToken`, an HMAC of a constant under the token, which
/// another site can neither read nor compute.
public struct SessionToken: Sendable, Hashable {
    /// The cookie's value.
    public let value: String

    /// A new token from the system's secure random source.
    public static func random() -> SessionToken {
        SessionToken(value: Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }))
    }

    private init(value: String) {
        self.value = value
    }

    /// The token a cookie holds, when it has a token's shape (43 base64url characters); nil otherwise.
    public init?(cookie: String) {
        guard cookie.utf8.count == 43, cookie.utf8.allSatisfy(Self.isBase64URL) else { return nil }
        value = cookie
    }

    /// What the database keys the session by.
    public var hash: String { SHA256Hex.digest(value) }

    /// The token every form of the session's pages carries.
    public var csrfToken: String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("perennial-dashboard-csrf".utf8), using: SymmetricKey(data: Data(value.utf8)))
        return Base64URL.encode(Data(code))
    }

    /// Whether `candidate` is this session's form token, compared in constant time.
    public func acceptsCSRFToken(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        return ConstantTime.equals(candidate, csrfToken)
    }

    /// A character of base64url's alphabet.
    static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
