/// The App Store environment that signed a payload (`environment`, `receiptType`).
///
/// Kept raw, with the known values as constants: a value Apple adds later decodes, compares and
/// re-encodes unchanged.
public struct AppleEnvironment: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The value exactly as Apple sends it.
    public var rawValue: String

    /// Wraps a value as Apple sends it, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Apple's test environment for TestFlight and sandbox accounts. (`Sandbox`)
    public static let sandbox = AppleEnvironment(rawValue: "Sandbox")
    /// Real purchases. (`Production`)
    public static let production = AppleEnvironment(rawValue: "Production")
    /// StoreKit testing in Xcode: signed with a local certificate, not by Apple. (`Xcode`)
    public static let xcode = AppleEnvironment(rawValue: "Xcode")
    /// Local testing with Apple's libraries: not signed by Apple. (`LocalTesting`)
    public static let localTesting = AppleEnvironment(rawValue: "LocalTesting")
}
