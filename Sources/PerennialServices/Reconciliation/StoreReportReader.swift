import Foundation
import PerennialCore

/// Reads a store report a person hands over — a file named to `perennial reconcile`, an upload on the
/// dashboard's reconciliation page —: gzip is decompressed (App Store Connect delivers `.txt.gz`), then the
/// header says which of the stores' formats it is (`StoreModule.reportFormats`).
public struct StoreReportReader: Sendable {
    /// The reports the configured stores read.
    public var formats: [any StoreReportFormat]
    /// The largest report accepted, in bytes, before and after decompression.
    public var maximumBytes: Int

    public init(formats: [any StoreReportFormat], maximumBytes: Int = GzipDecompressor.defaultMaximumBytes) {
        self.formats = formats
        self.maximumBytes = maximumBytes
    }

    /// The report in `data`.
    /// - Parameter appleProductIDs: the product identifier of each App Store `Subscription Apple ID`, for
    ///   Subscription Event reports.
    /// - Throws: `GzipDecompressor.Failure` or `StoreReportError`, each saying what is wrong with the file.
    public func read(_ data: Data, appleProductIDs: [String: String] = [:]) throws -> StoreReport {
        guard data.count <= maximumBytes else { throw GzipDecompressor.Failure.tooLarge(maximumBytes: maximumBytes) }
        let text = GzipDecompressor.isGzip(data) ? try GzipDecompressor(maximumBytes: maximumBytes).decompress(data) : data
        return try StoreReport.read(text, formats: formats, productIDs: appleProductIDs)
    }

    /// `APPLE_ID=PRODUCT_ID` entries as a map (blank entries are skipped), for `read`'s `appleProductIDs`.
    /// - Throws: `InvalidProductEntry` for the first entry of another form.
    public static func appleProductIDs(_ entries: [String]) throws(InvalidProductEntry) -> [String: String] {
        var map: [String: String] = [:]
        for entry in entries where !entry.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw InvalidProductEntry(entry: entry) }
            map[parts[0]] = parts[1]
        }
        return map
    }

    /// An entry of `appleProductIDs` that is not `APPLE_ID=PRODUCT_ID`.
    public struct InvalidProductEntry: Error, Sendable, CustomStringConvertible {
        public var entry: String

        public var description: String {
            "expected APPLE_ID=PRODUCT_ID, not " + (entry.count <= 40 ? "\"\(entry)\"" : "\"\(entry.prefix(40))…\"")
        }
    }
}
