#if canImport(Security)
import Foundation
import Security

/// A `ClientValueStore` in the Keychain (generic passwords of one service), readable after the first unlock
/// so background launches (renewals delivered by `Transaction.updates`) find the app user id.
public struct KeychainValueStore: ClientValueStore {
    /// The Keychain service the values are filed under.
    public let service: String

    /// A store under `service` (the bundle id's `.perennial` by default).
    public init(service: String = (Bundle.main.bundleIdentifier ?? "app") + ".perennial") {
        self.service = service
    }

    private func query(_ key: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: key]
    }

    public func value(forKey key: String) -> String? {
        var search = query(key)
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        guard SecItemCopyMatching(search as CFDictionary, &item) == errSecSuccess, let data = item as? Data else { return nil }
        return String(data: data, encoding: .utf8)
    }

    public func setValue(_ value: String?, forKey key: String) throws {
        let status: OSStatus
        if let value {
            let attributes: [String: Any] = [
                kSecValueData as String: Data(value.utf8),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let updated = SecItemUpdate(query(key) as CFDictionary, attributes as CFDictionary)
            if updated == errSecItemNotFound {
                status = SecItemAdd(query(key).merging(attributes) { $1 } as CFDictionary, nil)
            } else {
                status = updated
            }
        } else {
            let deleted = SecItemDelete(query(key) as CFDictionary)
            status = deleted == errSecItemNotFound ? errSecSuccess : deleted
        }
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }
}

/// A Keychain call failed with `status` (an `OSStatus`).
public struct KeychainError: Error, Sendable, Equatable {
    /// The Security framework's status code.
    public let status: Int32
}
#endif
