import PerennialCore

/// An app's settings for each store it sells on, by store. Two sets are equal when they hold settings for
/// the same stores and each store's say the same (`StoreSettings.isSame`).
public struct StoreSettingsSet: Sendable, Hashable {
    private var byStore: [Store: any StoreSettings] = [:]

    public init() {}

    /// The app's settings for `store`, if any.
    public subscript(store: Store) -> (any StoreSettings)? {
        get { byStore[store] }
        set { byStore[store] = newValue }
    }

    /// The stores the app has settings for.
    public var stores: [Store] { byStore.keys.sorted { $0.rawValue < $1.rawValue } }

    public static func == (lhs: StoreSettingsSet, rhs: StoreSettingsSet) -> Bool {
        lhs.byStore.count == rhs.byStore.count && lhs.byStore.allSatisfy { store, settings in
            rhs.byStore[store].map(settings.isSame(as:)) ?? false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stores)
    }
}
