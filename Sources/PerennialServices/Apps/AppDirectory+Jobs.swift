extension AppDirectory {
    /// The app a queued job works for; a job of an app no longer configured is refused (and buried).
    public func configuredApp(id: String) throws -> AppSettings {
        guard let app = app(id: id) else {
            throw PerennialError(.appNotConfigured, "app \(id) is no longer configured")
        }
        return app
    }
}
