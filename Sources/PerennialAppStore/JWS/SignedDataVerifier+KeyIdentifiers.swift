import Foundation
import X509

extension SignedDataVerifier {
    /// Whether chains anchored at these roots can be held to OpenSSL's strict key-identifier checks: true
    /// when every root names its own key (subject key identifier), as Apple Root CA - G3 does. Roots that
    /// carry no key identifiers (Apple's own test CAs) issue chains that have none either, so strict checks
    /// would refuse everything they sign.
    public static func rootsUseKeyIdentifiers(_ roots: [Data]) -> Bool {
        roots.allSatisfy { der in
            guard let root = try? Certificate(derEncoded: Array(der)) else { return false }
            return (try? root.extensions.subjectKeyIdentifier) != nil
        }
    }
}
