/// What is wrong with a paywall document, at a field named by its path (`paywalls[1].strings.fr.title`).
public struct PaywallProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
