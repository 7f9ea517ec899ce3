import Foundation
import PerennialCore
import PerennialServices

/// `perennial serve` for the Adyen crash test: one app selling one monthly Adyen plan, on `database` (SQLite
/// in a folder of its own, or a PostgreSQL database of its own), always on the same loopback port and with
/// the same master key, so each restart finds what the one before left (and Adyen's webhooks the same address). Jobs are leased for 3 s, so a
/// renewal the killed server held is taken up again soon after the restart.
struct AdyenCrashServer {
    static let productID = "crash-pro"

    let executable: URL
    let directory: URL
    let port: Int
    let database: CrashSafetyDatabase
    let configuration: String
    let masterKey = Hexadecimal.lowercase(SecretBox.generateMasterKey())
    var base: String { "http://127.0.0.1:\(port)" }

    init(executable: URL, adyenBaseURL: String, database kind: CrashSafetyDatabase.Kind) async throws {
        self.executable = executable
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-adyen-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try await CrashSafetyDatabase.make(kind, in: directory)
        port = try LoopbackPort.free()
        configuration = """
        server:
          host: 127.0.0.1
          # Few connections: other suites share the test PostgreSQL server while this one runs.
          database_pool_size: 4
          jobs:
            lease_seconds: 3
            backoff_base_seconds: 1
            backoff_max_seconds: 2
        apps:
          - id: crash
            bundle_id: com.example.crash
            adyen:
              api_key: AQE-crash
              merchant_account: CrashECOM
              hmac_keys: [\(AdyenRenewalCrashTests.hmacKey)]
              environment: test
              api_base_url: \(adyenBaseURL)
              return_url: https://crash.example/done
              plans:
                - {product_id: \(Self.productID), price: 999, currency: EUR, period: P1M}
              renewal_check_minutes: 1
            products:
              - {id: \(Self.productID), type: auto_renewable, store: adyen, entitlements: [pro]}
            api_keys:
              public: \(AdyenRenewalCrashTests.publicKey)
              secret: sk_crash_0123456789abcdef

        """
    }

    /// Starts the server and waits until it answers `/health`.
    func start(client: LoopbackClient) async throws -> ServeProcess {
        let process = try spawn()
        try await process.waitUntilHealthy(client: client)
        return process
    }

    /// Starts the server.
    func spawn() throws -> ServeProcess {
        try ServeProcess.start(
            executable: executable, configuration: configuration, in: directory, port: port, masterKey: masterKey, databaseURL: database.url)
    }

    func remove() async {
        await database.dispose()
        try? FileManager.default.removeItem(at: directory)
    }
}
