import Foundation
import PerennialCore

/// What a store knows a customer by, kept sealed to re-ask the store later: the App Store's latest app
/// receipt today; a Play purchase token or a Stripe customer id for the stores that come next. One per
/// customer, store and kind; a later one replaces an earlier one.
public struct StoreToken: Sendable, Hashable {
    /// A kind of token, named by the store that issues it.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The App Store's app receipt (base64 of its PKCS#7 container).
        public static let receipt = Kind(rawValue: "receipt")
    }

    public var store: Store
    public var kind: Kind
    /// The token, sealed with `SecretBox`.
    public var sealed: Data
    public var updatedAt: Instant

    public init(store: Store, kind: Kind, sealed: Data, updatedAt: Instant) {
        self.store = store
        self.kind = kind
        self.sealed = sealed
        self.updatedAt = updatedAt
    }
}
