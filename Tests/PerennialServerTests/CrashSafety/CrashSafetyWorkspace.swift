import Foundation
import PerennialServer
import PerennialServices

/// A temporary folder holding what `perennial serve` reads: the YAML configuration of one app that trusts
/// a test root certificate for Sandbox signed data, the root itself, and (on SQLite) the database.
struct CrashSafetyWorkspace {
    static let appID = "crash"
    static let bundleID = "com.example.crash"
    static let productID = "pro.monthly"
    static let publicKey = "pk_crash_0123456789abcdef"
    static let secretKey = "sk_crash_0123456789abcdef"

    let directory: URL
    let configuration: URL

    /// Creates the folder and writes the configuration and the root certificate (DER).
    init(rootCertificateDER: Data) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let root = directory.appendingPathComponent("root.der")
        try rootCertificateDER.write(to: root)
        configuration = directory.appendingPathComponent("perennial.yaml")
        try Self.yaml(rootPath: root.path).write(to: configuration, atomically: true, encoding: .utf8)
    }

    /// The app as `perennial serve` will read it (its catalog gives the expected states and events).
    func app() throws -> AppSettings {
        let text = try String(contentsOf: configuration, encoding: .utf8)
        return try ConfigurationLoader(environment: [:]).parse(text, file: configuration.path).apps[0]
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func yaml(rootPath: String) -> String {
        """
        server:
          host: 127.0.0.1
        apps:
          - id: \(appID)
            bundle_id: \(bundleID)
            apple:
              shared_secret: 0123456789abcdef0123456789abcdef
              environments: [Sandbox]
              root_certificates: ["\(rootPath)"]
            products:
              - id: \(productID)
                type: auto_renewable
                subscription_group: pro
                entitlements: [pro]
            api_keys:
              public: \(publicKey)
              secret: \(secretKey)

        """
    }
}
