/// The source of "now". Every rule that depends on time takes one, so it can be tested at any instant.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Instant
}
