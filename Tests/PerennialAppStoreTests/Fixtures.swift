import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// Fixture files and small builders shared by the tests.
enum Fixtures {
    /// `Tests/Fixtures` in the repository, as the shared test support finds it.
    static let root: URL = PerennialTesting.Fixtures.root

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
