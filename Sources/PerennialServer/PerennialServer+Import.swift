import Foundation
import Logging
import PerennialServices

extension PerennialServer {
    /// `perennial import --from revenuecat`: reads RevenueCat's export at `path` into the app `appID` (the
    /// only app when nil), re-reading each purchase from its store at most `requestsPerSecond` calls a second
    /// per store. Resumes where a previous run of the same export stopped (`<path>.progress`); `report` is
    /// called after each customer. Returns the final progress.
    public static func importRevenueCat(
        _ overrides: Overrides, appID: String?, path: String, requestsPerSecond: Double, logger: Logger = Logger(label: "perennial"),
        report: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws -> ImportProgress {
        let configuration = try configuration(overrides)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let export = try RevenueCatExport.read(data)
        let stack = try await openStack(configuration, logger: logger)
        do {
            let progress = try await importRevenueCat(
                export, data: data, into: stack, appID: appID, progressFile: URL(fileURLWithPath: path + ".progress"),
                requestsPerSecond: requestsPerSecond, report: report)
            await stack.shutdown()
            return progress
        } catch {
            await stack.shutdown()
            throw error
        }
    }

    /// The import into an open stack (tests run it in-process).
    static func importRevenueCat(
        _ export: RevenueCatExport, data: Data, into stack: PerennialStack, appID: String?, progressFile: URL, requestsPerSecond: Double,
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
        return try await RevenueCatImporter(stack: stack, app: app, requestsPerSecond: requestsPerSecond)
            .run(export, progress: progress, saveTo: progressFile, report: report)
    }
}
