import PerennialAppStoreAdapter
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialStoreModule
import Testing

/// `server.jobs`, `server.database_pool_size`, `apple.status_polling` and `apple.notification_catch_up`.
@Suite("Durability configuration")
struct DurabilityConfigurationTests {
    let loader = ConfigurationLoader(environment: ["FOREST_SHARED_SECRET": "0123456789abcdef0123456789abcdef"])

    func configuration(server: String = "", apple: String = "") throws -> PerennialConfiguration {
        try loader.parse(ConfigurationLoaderTests.valid
            .replacingOccurrences(of: "  port: 9000\n", with: "  port: 9000\n" + server)
            .replacingOccurrences(of: "      verify_receipt_url: http://127.0.0.1:8090/production/verifyReceipt\n",
                                  with: "      verify_receipt_url: http://127.0.0.1:8090/production/verifyReceipt\n" + apple),
            file: "perennial.yaml")
    }

    @Test func defaultsAndOverrides() throws {
        let defaults = try configuration()
        #expect(defaults.server.jobs == JobRetryPolicy())
        #expect(defaults.server.databasePoolSize == 32)
        #expect(defaults.apps[0].apple?.statusPolling == nil)
        #expect(defaults.apps[0].apple?.notificationCatchUp == nil)

        let tuned = try configuration(
            server: "  database_pool_size: 8\n  jobs:\n    max_attempts: 5\n    backoff_base_seconds: 2\n    backoff_max_seconds: 60\n",
            apple: "      status_polling:\n        interval_minutes: 30\n        requests_per_second: 2\n"
        )
        #expect(tuned.server.databasePoolSize == 8)
        #expect(tuned.server.jobs.maximumAttempts == 5)
        #expect(tuned.server.jobs.base == .seconds(2))
        #expect(tuned.server.jobs.maximum == .seconds(60))
        #expect(tuned.apps[0].apple?.statusPolling?.criteria.interval == .seconds(1_800))
        #expect(tuned.apps[0].apple?.statusPolling?.requestsPerSecond == 2)
        #expect(try configuration(apple: "      status_polling:\n        enabled: false\n").apps[0].apple?.statusPolling == nil)
    }

    @Test func groupCommitIsTheDatabasesDefaultUnlessConfigured() throws {
        #expect(try configuration().server.groupCommit == nil)
        #expect(GroupCommitSettings.defaults(for: .sqlite) == GroupCommitSettings(maxBatch: 32, maxWait: .zero))
        #expect(GroupCommitSettings.defaults(for: .postgresql) == .off)
        let tuned = try configuration(server: "  group_commit: {max_batch: 16, max_wait_ms: 1}\n")
        #expect(tuned.server.groupCommit == GroupCommitSettings(maxBatch: 16, maxWait: .milliseconds(1)))
        for bad in ["  group_commit: {max_batch: 0}\n", "  group_commit: {max_wait_ms: 500}\n", "  group_commit: {batch: 3}\n"] {
            #expect(throws: ConfigurationError.self) { try configuration(server: bad) }
        }
    }

    @Test(arguments: [
        ("  database_pool_size: 0\n", ""),
        ("  jobs:\n    max_attempts: -1\n", ""),
        ("  jobs:\n    backoff_base_seconds: 60\n    backoff_max_seconds: 5\n", ""),
        ("  jobs:\n    retries: 3\n", ""),
        ("", "      status_polling:\n        requests_per_second: 0\n"),
        ("", "      notification_catch_up:\n        interval_minutes: 60\n"),
    ])
    func mistakesAreRefused(server: String, apple: String) {
        #expect(throws: ConfigurationError.self) { try configuration(server: server, apple: apple) }
    }
}
