import PerennialCore

/// The platform an SDK runs on, from its `X-Platform` header (`iOS`, `macOS`, `android`, …), lowercased.
struct RevenueCatPlatform: Sendable, Hashable {
    let name: String

    init?(header: String?) {
        guard let header, !header.isEmpty, header.count <= 32 else { return nil }
        name = header.lowercased()
    }

    static let applePlatforms: Set<String> = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "uikitformac"]

    /// The store whose subscription management page the platform's customers are sent to.
    var store: Store? {
        if Self.applePlatforms.contains(name) { return .appStore }
        if name == "android" { return .playStore }
        return nil
    }
}
