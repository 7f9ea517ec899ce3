import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialSimulator

/// Runs a test against the simulator's router, in process.
func withSimulatorRouter(
    _ simulator: AppStoreSimulator, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    let app = Application(router: SimulatorServer.makeRouter(simulator: simulator))
    try await app.test(.router) { client in try await test(client) }
}

extension TestClientProtocol {
    /// Sends a JSON (or any text) body and returns the response.
    func send(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws -> TestResponse {
        try await execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) })
    }

    /// POSTs a verifyReceipt request and decodes the answer.
    func verifyReceipt(
        _ path: String, receiptData: String, password: String? = Fixture.secret, excludeOld: Bool = false
    ) async throws -> VerifyReceiptResponse {
        var object: [String: JSONValue] = ["receipt-data": .string(receiptData)]
        if let password { object["password"] = .string(password) }
        if excludeOld { object["exclude-old-transactions"] = .bool(true) }
        let body = String(decoding: try JSONEncoder().encode(object), as: UTF8.self)
        let response = try await send(.post, path, body)
        return try JSONDecoder().decode(VerifyReceiptResponse.self, from: Data(response.body.readableBytesView))
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var object: [String: JSONValue] {
        (try? JSONDecoder().decode([String: JSONValue].self, from: Data(body.readableBytesView))) ?? [:]
    }

    var text: String { String(buffer: body) }

    /// `error.code` of an error envelope.
    var errorCode: String? {
        guard case .object(let error)? = object["error"] else { return nil }
        return error["code"]?.text
    }
}
