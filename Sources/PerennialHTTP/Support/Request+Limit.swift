import Hummingbird

extension Request {
    /// The `limit` query parameter, clamped to `1...maximum`; `defaultValue` when absent or not a number.
    func limit(default defaultValue: Int = 100, maximum: Int = 1000) -> Int {
        min(max(uri.queryParameters.get("limit", as: Int.self) ?? defaultValue, 1), maximum)
    }
}
