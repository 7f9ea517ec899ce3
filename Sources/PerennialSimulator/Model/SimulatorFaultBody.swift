/// The body of an HTTP-level fault.
public enum SimulatorFaultBody: String, Sendable, Hashable, Codable {
    /// No body at all.
    case empty
    /// An HTML error page, as a load balancer in front of Apple would send.
    case html
}
