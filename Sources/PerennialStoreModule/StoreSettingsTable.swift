import PerennialCore

/// Every app's settings for every store, as the stores' modules read them: by store, then by app id.
public struct StoreSettingsTable: Sendable {
    private var byStore: [Store: [String: any StoreSettings]] = [:]

    public init() {}

    /// The settings `appID` has for `store`, if any.
    public subscript(store: Store, app appID: String) -> (any StoreSettings)? {
        get { byStore[store]?[appID] }
        set { byStore[store, default: [:]][appID] = newValue }
    }

    /// The settings of type `type` `appID` has for the store of that type, if any.
    public func settings<Settings: StoreSettings>(_ type: Settings.Type, store: Store, app appID: String) -> Settings? {
        byStore[store]?[appID] as? Settings
    }

    /// Every app's settings for `store`, by app id.
    public func apps(of store: Store) -> [String: any StoreSettings] {
        byStore[store] ?? [:]
    }

    /// Whether both have the same settings for `store` and `appID` (none on both sides is the same).
    public func isSame(as other: StoreSettingsTable, store: Store, app appID: String) -> Bool {
        switch (self[store, app: appID], other[store, app: appID]) {
        case (nil, nil): true
        case let (mine?, theirs?): mine.isSame(as: theirs)
        default: false
        }
    }
}
