import Foundation

/// What the client talks to and keeps things in; the defaults suit an app, tests replace them.
public struct ClientDependencies: Sendable {
    /// Carries requests to the server.
    public var transport: any ClientHTTPTransport
    /// The device's store; nil where there is none (purchases then throw `storeUnavailable`).
    public var store: (any PurchaseStore)?
    /// Keeps the app user id and app account tokens.
    public var values: any ClientValueStore
    /// The device's clock.
    public var now: @Sendable () -> Date

    /// Dependencies; `now` is the system clock by default.
    public init(
        transport: any ClientHTTPTransport, store: (any PurchaseStore)?, values: any ClientValueStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.transport = transport
        self.store = store
        self.values = values
        self.now = now
    }

    /// URLSession, StoreKit 2 where it exists, the Keychain on Apple platforms (a file elsewhere).
    public static func standard(for configuration: ClientConfiguration) -> ClientDependencies {
        #if canImport(Security)
        let values: any ClientValueStore = KeychainValueStore()
        #else
        let values: any ClientValueStore = FileValueStore(file: configuration.resolvedStorageDirectory.appendingPathComponent("identity.json"))
        #endif
        return ClientDependencies(transport: URLSessionTransport(), store: Self.platformStore(), values: values)
    }

    private static func platformStore() -> (any PurchaseStore)? {
        #if canImport(StoreKit)
        return StoreKit2PurchaseStore()
        #else
        return nil
        #endif
    }
}
