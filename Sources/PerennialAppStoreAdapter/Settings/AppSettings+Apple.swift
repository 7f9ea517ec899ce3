import PerennialCore
import PerennialServices

extension AppSettings {
    /// An app with `apple` as its App Store settings (nil: it does not sell on the App Store).
    public init(
        id: String, bundleID: String, apple: AppleSettings?, catalog: Catalog, publicAPIKey: String, secretAPIKey: String
    ) {
        self.init(id: id, bundleID: bundleID, catalog: catalog, publicAPIKey: publicAPIKey, secretAPIKey: secretAPIKey)
        self.apple = apple
    }

    /// The app's App Store settings (`apple:`); nil when it does not sell on the App Store.
    public var apple: AppleSettings? {
        get { storeSettings[.appStore] as? AppleSettings }
        set { storeSettings[.appStore] = newValue }
    }
}
