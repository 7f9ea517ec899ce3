import Foundation

/// Small secrets-grade values the client keeps across launches: the app user id and the app account
/// tokens. The Keychain on Apple platforms (`KeychainValueStore`), a file elsewhere (`FileValueStore`).
public protocol ClientValueStore: Sendable {
    /// The value saved under `key`, if any.
    func value(forKey key: String) -> String?
    /// Saves `value` under `key`, or removes the key when `value` is nil.
    func setValue(_ value: String?, forKey key: String) throws
}
