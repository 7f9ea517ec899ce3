/// What reloads the running server's configuration from its file (`perennial serve` has one;
/// `POST /v1/admin/reload` and SIGHUP call it).
public protocol ConfigurationReloading: Sendable {
    /// Reads the file again and applies what may change while serving, all at once. Throws
    /// `configuration_rejected`, the running configuration unchanged, when the file is refused.
    func reload() async throws -> ConfigurationReloadReport
}
