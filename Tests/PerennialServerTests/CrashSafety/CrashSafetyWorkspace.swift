import Foundation
import PerennialServer
import PerennialServices

/// A temporary folder holding what `perennial serve` reads: the YAML configuration of one app that trusts
/// a test root certificate for Sandbox signed data (and, when asked, sends its webhooks to one endpoint: a
/// test's receiver on this machine), the root itself, and (on SQLite) the database.
struct CrashSafetyWorkspace {
    static let appID = "crash"
    static let bundleID = "com.example.crash"
    static let productID = "pro.monthly"
    static let sharedSecret = "0123456789abcdef0123456789abcdef"
    static let publicKey = "pk_crash_0123456789abcdef"
    static let secretKey = "sk_crash_0123456789abcdef"
    /// The id of the webhook endpoint the configuration defines.
    static let endpointID = "receiver"
    /// How long one webhook attempt may take: a delivery leased by the killed server is sent again once its
    /// lease (this and 30 s) has run out, so it sets how long the run waits for those.
    static let webhookTimeoutSeconds = 5

    let directory: URL
    let configuration: URL

    /// A webhook endpoint the configuration defines (the app sends none without one).
    struct Endpoint {
        let url: String
        let secret: WebhookSigningSecret
    }

    /// Creates the folder and writes the configuration and the root certificate (DER); with `webhooks`, the
    /// app's webhooks go to that endpoint; with `stores`, the app sells through them too.
    init(rootCertificateDER: Data, webhooks: Endpoint? = nil, stores: OtherStores? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let root = directory.appendingPathComponent("root.der")
        try rootCertificateDER.write(to: root)
        if let stores {
            try stores.playServiceAccountKey.write(to: directory.appendingPathComponent(OtherStores.playKeyFile))
        }
        configuration = directory.appendingPathComponent("perennial.yaml")
        try Self.yaml(rootPath: root.path, webhooks: webhooks, stores: stores, directory: directory).write(to: configuration, atomically: true, encoding: .utf8)
    }

    /// The app as `perennial serve` will read it (its catalog gives the expected states and events).
    func app() throws -> AppSettings {
        let text = try String(contentsOf: configuration, encoding: .utf8)
        return try ConfigurationLoader(environment: [:]).parse(text, file: configuration.path).apps[0]
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func yaml(rootPath: String, webhooks: Endpoint?, stores: OtherStores?, directory: URL) -> String {
        // The receiver is on 127.0.0.1, which webhooks may reach only when the server allows it.
        let sending = webhooks == nil ? "" : """

              webhooks:
                allow_private_addresses: true
                timeout_seconds: \(webhookTimeoutSeconds)
            """
        let endpoints = webhooks.map { endpoint in
            """
                webhooks:
                  - id: \(endpointID)
                    url: "\(endpoint.url)"
                    secret: "\(endpoint.secret.text)"

            """
        } ?? ""
        return """
        server:
          host: 127.0.0.1
          # The claims race the first deliveries on a loaded CI machine: a pending (202) claim is no failure of
          # what the test checks, so the server waits for the store as long as it may.
          purchase_patience_seconds: 60\(sending)
        apps:
          - id: \(appID)
            bundle_id: \(bundleID)
            apple:
              shared_secret: \(sharedSecret)
              environments: [Sandbox]
              root_certificates: ["\(rootPath)"]\(stores?.appleYAML ?? "")
            products:
              - id: \(productID)
                type: auto_renewable
                subscription_group: pro
                entitlements: [pro]\(stores?.productYAML ?? "")\(stores?.storesYAML(directory: directory) ?? "")
            api_keys:
              public: \(publicKey)
              secret: \(secretKey)

        """ + endpoints
    }
}
