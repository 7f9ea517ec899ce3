import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PerennialServer
import PerennialServices
import PerennialTesting
import Testing
import Yams

/// openapi.yaml stays true to the server: every route the server registers is an operation of the document
/// and every operation a route; every error code appears, under its own status only; and `GET /openapi.yaml`
/// serves the file as it is in the repository. (schemathesis, run by CI against a live server, checks the
/// bodies against the schemas.)
@Suite("OpenAPI contract")
struct OpenAPIContractTests {
    static let documentURL = Fixtures.repositoryRoot.appendingPathComponent("openapi.yaml")

    static func document() throws -> [String: Any] {
        let text = try String(contentsOf: documentURL, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    /// `METHOD /path` of every operation of the document.
    static func documentedOperations(_ document: [String: Any]) throws -> Set<String> {
        let paths = try #require(document["paths"] as? [String: Any])
        var operations: Set<String> = []
        for (path, item) in paths {
            let item = try #require(item as? [String: Any], "\(path) is not a path item")
            for method in item.keys where OpenAPIOperation.methods.contains(method) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test func everyRouteIsAnOperationAndEveryOperationARoute() async throws {
        let documented = try Self.documentedOperations(Self.document())
        try await TestHarness.run { harness in
            // The dashboard's pages are a browser's, not the API's: their contract is the pages themselves, which
            // the dashboard's tests and the browser suite hold (scripts/check-dashboard.sh).
            let routed = Set(harness.stack.router().routes.map { "\($0.method.rawValue) \($0.path.description)" })
                .filter { !$0.contains(" /dashboard") }
            let undocumented = routed.subtracting(documented).sorted()
            let unrouted = documented.subtracting(routed).sorted()
            #expect(undocumented.isEmpty, "routes the document lacks: \(undocumented)")
            #expect(unrouted.isEmpty, "operations no route serves: \(unrouted)")
        }
    }

    @Test func everyErrorCodeAppearsUnderItsOwnStatusOnly() throws {
        let document = try Self.document()
        let responses = OpenAPIOperation.errorResponses(document)
        var statusOfCode: [String: Int] = [:]
        for (name, response) in responses {
            for code in response.codes {
                #expect(statusOfCode[code] == nil, "\(code) appears in two responses")
                statusOfCode[code] = response.status
                if let known = ErrorCode.all.first(where: { $0.rawValue == code }) {
                    #expect(known.kind.httpStatus == response.status, "\(name) lists \(code), whose status is \(known.kind.httpStatus)")
                } else {
                    Issue.record("\(name) lists \(code), which is no ErrorCode")
                }
            }
        }
        for code in ErrorCode.all {
            #expect(statusOfCode[code.rawValue] != nil, "\(code.rawValue) appears in no response of components/responses")
        }
        // Each operation refers to an error response under that response's status only.
        for operation in OpenAPIOperation.all(document) {
            for (status, reference) in operation.responseReferences {
                guard let name = reference.split(separator: "/").last.map(String.init), let response = responses[name] else { continue }
                #expect(String(response.status) == status, "\(operation.name) answers \(status) with \(name), a \(response.status)")
            }
        }
    }

    @Test func theServerServesTheDocumentAsItIs() async throws {
        let file = try String(contentsOf: Self.documentURL, encoding: .utf8)
        try await TestHarness.run { harness in
            let (status, type, body, tag) = try await harness.client.execute(uri: "/openapi.yaml", method: .get) {
                (Int($0.status.code), $0.headers[.contentType], String(buffer: $0.body), $0.headers[.eTag])
            }
            #expect(status == 200)
            #expect(type?.hasPrefix("application/yaml") == true)
            #expect(body == file, "the document OpenAPIDocumentPlugin compiled in differs from openapi.yaml")
            let revalidated = try await harness.client.execute(
                uri: "/openapi.yaml", method: .get, headers: [.ifNoneMatch: try #require(tag)]) { Int($0.status.code) }
            #expect(revalidated == 304)
            // No key needed, and a key that is nobody's is not read.
            let withJunk = try await harness.client.execute(
                uri: "/openapi.yaml", method: .get, headers: [.authorization: "Bearer nobody"]) { Int($0.status.code) }
            #expect(withJunk == 200)
        }
    }

    /// The contract check saves the document's example paywall document first (so the paywall routes answer
    /// it): it must stay examples/paywalls.json, which the worked example's catalog accepts.
    @Test func theExamplePaywallDocumentIsTheWorkedExamples() throws {
        let paths = try #require(try Self.document()["paths"] as? [String: Any])
        let put = try #require((paths["/v1/admin/paywalls"] as? [String: Any])?["put"] as? [String: Any])
        let content = try #require(((put["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])
        let example = try #require(content["example"])
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/paywalls.json")))
        let canonical = { (value: Any) throws -> Data in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        #expect(try canonical(example) == canonical(file))
    }
}
