import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialStorage

/// `perennial reconcile`: reads store reports from files (gzipped or not) and compares them with the
/// configured database's transactions of one app.
public enum ReconciliationAdministration {
    /// One file's reconciliation.
    public struct FileResult: Sendable {
        /// The file as named on the command line.
        public var path: String
        public var report: ReconciliationReport
    }

    /// Reads every file, then reconciles them all against one read of the ledger.
    /// - Parameters:
    ///   - appleProductIDs: the product identifier of each App Store `Subscription Apple ID`, for
    ///     Subscription Event reports.
    ///   - maximumBytes: the largest file, before and after decompression.
    public static func reconcile(
        _ overrides: PerennialServer.Overrides, appID: String, paths: [String], appleProductIDs: [String: String] = [:],
        maximumBytes: Int = GzipDecompressor.defaultMaximumBytes, logger: Logger = Logger(label: "perennial")
    ) async throws -> [FileResult] {
        let configuration = try PerennialServer.configuration(overrides)
        guard let app = configuration.apps.first(where: { $0.id == appID }) else {
            throw PerennialError(.appNotFound, "no app \(appID) is configured")
        }
        let reports = try paths.map { path in
            try read(path: path, appleProductIDs: appleProductIDs, maximumBytes: maximumBytes)
        }
        let database = try await PerennialDatabase.open(url: configuration.server.databaseURL, logger: logger)
        do {
            _ = try await Migrations.migrate(database)
            let results = try await ReconciliationService(ledger: SQLLedger(database: database)).reconcile(app: app, reports: reports)
            await database.shutdown()
            return zip(paths, results).map { FileResult(path: $0, report: $1) }
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// A report file, decompressed when it is gzip (magic bytes 1f 8b), and read as one of the stores' report
    /// formats (`StoreModule.reportFormats`).
    public static func read(path: String, appleProductIDs: [String: String], maximumBytes: Int) throws -> StoreReport {
        let url = URL(fileURLWithPath: path)
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard size <= maximumBytes else { throw GzipDecompressor.Failure.tooLarge(maximumBytes: maximumBytes) }
        return try StoreReportReader(formats: StoreModules.reportFormats, maximumBytes: maximumBytes)
            .read(try Data(contentsOf: url), appleProductIDs: appleProductIDs)
    }
}
