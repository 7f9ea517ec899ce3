import PerennialCore

/// How many failed sign-ins are allowed before sign-in is refused for a while: per account (a guessed
/// password) and per address (one machine trying many accounts), over a sliding window.
public struct SignInThrottle: Sendable, Hashable {
    public var failuresPerAccount: Int
    public var failuresPerAddress: Int
    /// The window failures count over, in milliseconds.
    public var windowMilliseconds: Int64

    /// Five failures per account and twenty per address in fifteen minutes.
    public init(failuresPerAccount: Int = 5, failuresPerAddress: Int = 20, windowMilliseconds: Int64 = 15 * 60_000) {
        self.failuresPerAccount = failuresPerAccount
        self.failuresPerAddress = failuresPerAddress
        self.windowMilliseconds = windowMilliseconds
    }

    /// The subject an account's failures are counted under.
    static func account(_ email: String) -> String { "account:" + email }

    /// The subject an address's failures are counted under.
    static func address(_ address: String?) -> String { "address:" + (address ?? "unknown") }
}
