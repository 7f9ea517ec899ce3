import Foundation
import Logging
import PerennialServices

extension PerennialServer {
    /// Where an import's customers come from.
    public enum ImportSource: String, Sendable, CaseIterable {
        /// Perennial's own CSV (`PerennialImportFile`).
        case perennial
        /// RevenueCat's scheduled data export (`RevenueCatExport`).
        case revenuecat

        func read(_ data: Data) throws -> CustomerImport {
            switch self {
            case .perennial: try PerennialImportFile.read(data)
            case .revenuecat: try RevenueCatExport.read(data)
            }
        }
    }

    /// `perennial import`: reads the export at `path` into the app `appID` (the only app when nil), re-reading
    /// each purchase from its store at most `requestsPerSecond` calls a second per store. Resumes where a
    /// previous run of the same export stopped (`<path>.progress`); `report` is called after each customer.
    /// Returns the final progress and the rows the export's reader refused.
    public static func importCustomers(
        _ overrides: Overrides, from source: ImportSource, appID: String?, path: String, requestsPerSecond: Double,
        logger: Logger = Logger(label: "perennial"), report: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws -> (progress: ImportProgress, refusedRows: [CustomerImport.RefusedRow]) {
        let configuration = try configuration(overrides)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let export = try source.read(data)
        let stack = try await openStack(configuration, logger: logger)
        do {
            let progress = try await importCustomers(
                export, data: data, into: stack, appID: appID, progressFile: URL(fileURLWithPath: path + ".progress"),
                requestsPerSecond: requestsPerSecond, report: report)
            await stack.shutdown()
            return (progress, export.refusedRows)
        } catch {
            await stack.shutdown()
            throw error
        }
    }

    /// The import into an open stack (tests run it in-process).
    static func importCustomers(
        _ export: CustomerImport, data: Data, into stack: PerennialStack, appID: String?, progressFile: URL, requestsPerSecond: Double,
        report: @escaping @Sendable (ImportProgress) -> Void
    ) async throws -> ImportProgress {
        let apps = stack.apps.apps
        guard let app = appID.map({ id in apps.first { $0.id == id } }) ?? (apps.count == 1 ? apps.first : nil) else {
            throw PerennialError(.appNotFound, appID.map { "no app \($0) is configured" } ?? "name the app to import into (--app): \(apps.count) are configured")
        }
        guard requestsPerSecond > 0, requestsPerSecond <= 1000 else {
            throw PerennialError(.badRequest, "the pace must be more than 0 and at most 1000 requests a second")
        }
        let progress = ImportProgress.load(from: progressFile, for: data, total: export.customers.count)
        return try await CustomerImporter(stack: stack, app: app, requestsPerSecond: requestsPerSecond)
            .run(export, progress: progress, saveTo: progressFile, report: report)
    }
}
