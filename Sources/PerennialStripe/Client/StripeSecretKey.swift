/// A Stripe secret or restricted API key (`sk_…`, `rk_…`). Its description and mirror never show it, so a
/// logged or dumped client or setting cannot leak it.
public struct StripeSecretKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The key itself, for the `Authorization` header only.
    let value: String

    public init(_ value: String) {
        self.value = value
    }

    /// The key itself, for the one place that seals it at rest (the app registration); never log it.
    public var revealed: String { value }

    /// Whether it is a live-mode key (`sk_live_…`, `rk_live_…`).
    public var isLive: Bool { value.hasPrefix("sk_live_") || value.hasPrefix("rk_live_") }

    public var description: String { "StripeSecretKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
