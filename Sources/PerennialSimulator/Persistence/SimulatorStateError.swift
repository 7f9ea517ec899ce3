/// A state folder the simulator cannot use: it refuses to start rather than forget or misread it.
public struct SimulatorStateError: Error, Sendable, CustomStringConvertible {
    /// The file or folder at fault.
    public var path: String
    public var problem: String

    public var description: String {
        "\(path): \(problem) (move the folder away to start a new App Store, or run with --ephemeral)"
    }
}
