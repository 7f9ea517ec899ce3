import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialTesting
import Testing

/// App Store Connect's reports arrive gzipped; a hostile file must be refused, not followed.
@Suite("Gzip decompressor")
struct GzipDecompressorTests {
    @Test func aGzippedReportInflatesToItsText() throws {
        let compressed = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
        #expect(GzipDecompressor.isGzip(compressed))
        #expect(!GzipDecompressor.isGzip(try Fixtures.data("reports/app-store-sales-daily.txt")))
        #expect(try GzipDecompressor().decompress(compressed) == Fixtures.data("reports/app-store-sales-daily.txt"))
    }

    @Test func concatenatedMembersAreReadInTurn() throws {
        let compressed = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
        let text = try Fixtures.data("reports/app-store-sales-daily.txt")
        #expect(try GzipDecompressor().decompress(compressed + compressed) == text + text)
    }

    @Test func outputBeyondTheCapIsRefused() throws {
        let compressed = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
        #expect(throws: GzipDecompressor.Failure.tooLarge(maximumBytes: 100)) {
            try GzipDecompressor(maximumBytes: 100).decompress(compressed)
        }
    }

    @Test func aTruncatedFileIsRefused() throws {
        let compressed = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
        #expect(throws: GzipDecompressor.Failure.truncated) {
            try GzipDecompressor().decompress(compressed.prefix(compressed.count - 20))
        }
        #expect(throws: GzipDecompressor.Failure.truncated) { try GzipDecompressor().decompress(Data([0x1F, 0x8B])) }
    }

    @Test func corruptDataIsRefused() throws {
        var compressed = try Fixtures.data("reports/app-store-sales-daily.txt.gz")
        compressed[compressed.startIndex + 30] ^= 0xFF
        #expect(throws: GzipDecompressor.Failure.self) { try GzipDecompressor().decompress(compressed) }
    }

    @Test func aGzippedReportFileIsReadLikeThePlainOne() throws {
        let plain = try ReconciliationAdministration.read(
            path: Fixtures.url("reports/app-store-sales-daily.txt").path, appleProductIDs: [:], maximumBytes: 1 << 20)
        let gzipped = try ReconciliationAdministration.read(
            path: Fixtures.url("reports/app-store-sales-daily.txt.gz").path, appleProductIDs: [:], maximumBytes: 1 << 20)
        #expect(plain.lines == gzipped.lines && gzipped.kind.id == "app_store_sales")
    }
}
