import PerennialHTTP
import PerennialServices
import PerennialStoreModule

/// What a reload changes, worked out before anything is: the configuration to run with (the file's, with
/// the running value kept for every setting that waits for a restart) and the report of it.
///
/// Applied while serving: the apps (added, removed, their API keys, bundle ids, products, entitlements,
/// revenue settings, transfer policy and rate limits) and their webhook endpoints. Kept until a restart:
/// every `server` setting and each app's store settings (`apple`, `google`, `stripe`: each store module's section), which the
/// verifiers, store clients and pollers were built from; an app added by a reload takes no store's
/// purchases until then.
struct ReloadPlan {
    let configuration: PerennialConfiguration
    let report: ConfigurationReloadReport
    /// The webhook endpoints to apply, for every app before or after (an app that left has none left).
    let webhooks: [String: [ConfiguredWebhookEndpoint]]

    init(running: PerennialConfiguration, file: PerennialConfiguration) {
        var restartRequired = RestartOnlySettings.differences(running: running.server, file: file.server)
        let runningApps = Dictionary(running.apps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var apps: [AppSettings] = []
        var changed: [String] = []
        for var app in file.apps {
            let before = runningApps[app.id]
            for module in StoreModules.all where !Self.same(app.storeSettings[module.store], before?.storeSettings[module.store]) {
                restartRequired.append("apps.\(app.id).\(module.settingsKey ?? module.store.rawValue)")
            }
            app.storeSettings = before?.storeSettings ?? StoreSettingsSet()
            if let before, before != app || file.webhooks[app.id] != running.webhooks[app.id] { changed.append(app.id) }
            apps.append(app)
        }
        var configuration = file
        configuration.server = running.server
        configuration.apps = apps
        self.configuration = configuration
        let ids = Set(apps.map(\.id))
        let removed = running.apps.map(\.id).filter { !ids.contains($0) }
        var webhooks = file.webhooks.filter { ids.contains($0.key) }
        for app in apps where webhooks[app.id] == nil { webhooks[app.id] = [] }
        for id in removed { webhooks[id] = [] }
        self.webhooks = webhooks
        report = ConfigurationReloadReport(
            apps: ids.sorted(), added: apps.map(\.id).filter { runningApps[$0] == nil }.sorted(), removed: removed.sorted(),
            changed: changed.sorted(), restartRequired: restartRequired)
    }

    /// Whether two apps' settings for a store say the same (none on both sides is the same).
    private static func same(_ first: (any StoreSettings)?, _ second: (any StoreSettings)?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case let (first?, second?): first.isSame(as: second)
        default: false
        }
    }
}
