import Foundation

/// The ids an app uses before a person logs in. Perennial hands out `$anonymous:` followed by 32 lowercase
/// hexadecimal digits (`POST …/logout`); ids that RevenueCat's SDKs made (`$RCAnonymousID:`) count as
/// anonymous too, so an app moving to Perennial keeps its login semantics.
public enum AnonymousAppUserID {
    /// The prefix of the ids Perennial makes.
    public static let prefix = "$anonymous:"
    static let prefixes = [prefix, "$RCAnonymousID:"]

    /// A new anonymous id from 128 random bits.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
            .map { String(repeating: "0", count: 16 - $0.count) + $0 }
        return prefix + digits.joined()
    }

    /// Whether an id is one an app uses before a person logs in.
    public static func isAnonymous(_ appUserID: String) -> Bool {
        prefixes.contains { appUserID.hasPrefix($0) }
    }
}
