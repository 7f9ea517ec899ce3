import Foundation
import PerennialServer
import PerennialServices
import PerennialTesting
import Testing

/// README.md's table of error codes is every code the server knows (`ErrorCode.all`), exactly.
@Suite struct ErrorCodeTableTests {
    @Test func theReadmeTableIsTheListInTheCode() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- error codes:"), "README.md has no error-code table")
        let afterMarker = try #require(readme[start.upperBound...].range(of: "-->\n"))
        let end = try #require(readme.range(of: "<!-- end of error codes -->"))
        let table = String(readme[afterMarker.upperBound..<end.lowerBound])
        #expect(table == ErrorCode.markdownTable(of: ErrorCode.all), "run scripts/update-error-table.sh")
    }

    @Test func everyCodeSaysWhatItMeans() {
        for code in ErrorCode.all {
            #expect(!code.meaning.isEmpty && code.meaning.hasSuffix("."), "\(code.rawValue)")
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code.rawValue)")
            #expect((400...599).contains(code.kind.httpStatus))
        }
    }

    @Test func noTwoCodesShareAName() {
        #expect(Set(ErrorCode.all.map(\.rawValue)).count == ErrorCode.all.count)
    }
}
