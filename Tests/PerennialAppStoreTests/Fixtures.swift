import Foundation
import PerennialAppStore
import PerennialCore

/// Fixture files and small builders shared by the tests.
enum Fixtures {
    /// `/work/shared/fixtures`: the repository root is three levels above this file, `shared` beside it.
    static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/fixtures").standardizedFileURL

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    static func decode(_ json: String) throws -> VerifyReceiptResponse {
        try JSONDecoder().decode(VerifyReceiptResponse.self, from: Data(json.utf8))
    }

    /// Parses JSON into Foundation objects for structural comparison.
    static func object(_ data: Data) throws -> NSObject {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
    }

    static let day: Int64 = 86_400_000
}
