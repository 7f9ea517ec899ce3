import ArgumentParser
import Foundation
import PerennialCore
import PerennialServer
import PerennialServices

/// `perennial reconcile --app APP_ID FILE…`: compares the stores' own reports with what Perennial recorded,
/// day by day.
struct ReconcileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Compare the stores' own reports with the transactions Perennial recorded.",
        discussion: """
        Reads App Store Connect Summary Sales and Subscription Event reports (tab-separated text, gzipped or \
        not, as downloaded) and Google Play earnings reports (CSV), and lists per day what the store counted \
        that Perennial never saw, and what Perennial has that the report does not. Google Play is compared by \
        order id; the App Store's reports are aggregated, so counts are compared per product, kind and day. \
        App Store days are Pacific time (America/Los_Angeles).

        Exit status: 0 when every day of every report matches, 1 when differences are found, 2 when a \
        report or the database could not be read.
        """
    )

    @OptionGroup var options: ServerOptions
    @Option(help: "The app whose transactions are compared.") var app: String
    @Option(
        name: .customLong("apple-product"),
        help: "For Subscription Event reports: APPLE_ID=PRODUCT_ID, the product id of a Subscription Apple ID (repeatable).")
    var appleProducts: [String] = []
    @Option(help: "The largest report file accepted, in bytes, before and after decompression.")
    var maxBytes = GzipDecompressor.defaultMaximumBytes
    @Flag(help: "Print JSON instead of a table.") var json = false
    @Argument(help: "Report files (.txt, .txt.gz, .csv).") var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one report file") }
        guard maxBytes > 0 else { throw ValidationError("--max-bytes must be positive") }
        _ = try productMap()
    }

    func run() async throws {
        let results: [ReconciliationAdministration.FileResult]
        do {
            results = try await ReconciliationAdministration.reconcile(
                options.overrides, appID: app, paths: files, appleProductIDs: try productMap(), maximumBytes: maxBytes)
        } catch {
            FileHandle.standardError.write(Data("perennial reconcile: \(error)\n".utf8))
            throw ExitCode(2)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let body = try encoder.encode(results.map { Output(file: $0.path, reconciliation: $0.report) })
            print(String(decoding: body, as: UTF8.self))
        } else {
            for result in results { print(Self.table(result), terminator: "") }
        }
        if !results.allSatisfy(\.report.isReconciled) { throw ExitCode(1) }
    }

    /// `--apple-product` values as a map.
    func productMap() throws -> [String: String] {
        do {
            return try StoreReportReader.appleProductIDs(appleProducts)
        } catch {
            throw ValidationError("--apple-product: \(error)")
        }
    }

    /// One file's reconciliation, as JSON.
    struct Output: Encodable {
        var file: String
        var reconciliation: ReconciliationReport
    }

    /// One file's reconciliation as a readable table: a line per day, then its differences.
    static func table(_ result: ReconciliationAdministration.FileResult) -> String {
        let report = result.report
        var text = "\(result.path): \(report.title), days in \(report.timeZone)\n"
        text += "day          store  perennial  result\n"
        for day in report.days {
            let count = day.missingFromPerennial.count + day.missingFromStore.count
            text += "\(day.day)  " + pad(day.storeCount, 5) + "  " + pad(day.perennialCount, 9) + "  "
                + (count == 0 ? "matches" : "\(count) difference\(count == 1 ? "" : "s")") + "\n"
            for difference in day.missingFromPerennial { text += "  store counted, Perennial never saw: " + describe(difference) + "\n" }
            for difference in day.missingFromStore { text += "  Perennial has, the report does not: " + describe(difference) + "\n" }
        }
        return text + (report.isReconciled ? "every day matches\n\n" : "differences found\n\n")
    }

    static func describe(_ difference: ReconciliationDifference) -> String {
        var text = difference.orderID.map { "order \($0), " } ?? ""
        text += (difference.productID ?? difference.productName ?? "all products") + " " + difference.kind.rawValue
        if difference.lastDay != difference.firstDay { text += " (\(difference.firstDay) to \(difference.lastDay))" }
        text += ": store \(difference.storeCount), Perennial \(difference.perennialCount)"
        if difference.orderID == nil, !difference.transactionIDs.isEmpty, !difference.isMissingFromPerennial {
            let shown = difference.transactionIDs.prefix(10).joined(separator: ", ")
            text += " (transactions \(shown)\(difference.transactionIDs.count > 10 ? ", …" : ""))"
        }
        return text
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
