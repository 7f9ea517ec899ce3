import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 34, item 2 (traces): `perennial serve` with `server.tracing` on exports its spans over OTLP/HTTP to
/// a collector (`OTLPReceiver`): a request's server span joins the caller's W3C trace and carries the request
/// id; the request's ledger write and store call are its children in that trace; the startup's store call
/// is a trace of its own. No span is named after a raw path.
@Suite("Traces exported over OTLP", .serialized)
struct TracingExportTests {
    static let traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let receiptTraceID = "5cf92f3577b34da6a3ce929d0e0e4737"
    static let callerSpanID = "00f067aa0ba902b7"
    static let keys = (public: "pk_traced_0123456789", secret: "sk_traced_0123456789")

    @Test func aRequestsSpansShareTheCallersTraceAndCarryItsRequestID() async throws {
        let executable = try #require(PerennialExecutable.locate(), "build the perennial executable first (swift build --build-tests)")
        let receiver = OTLPReceiver()
        try await Application(router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            .test(.live) { collector in
                try await Self.serve(executable: executable, collector: "http://127.0.0.1:\(try #require(collector.port))")
                let spans = await receiver.spans
                try Self.check(spans)
            }
    }

    /// Runs the server against the collector, makes the requests, then stops it, which flushes its spans.
    private static func serve(executable: URL, collector: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-traces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcess.start(executable: executable, configuration: """
        server:
          purchase_patience_seconds: 120
          tracing:
            enabled: true
            endpoint: \(collector)/v1/traces
            protocol: http/json
        apps:
          - id: traced
            bundle_id: com.example.traced
            api_keys: {public: \(keys.public), secret: \(keys.secret)}
            apple:
              shared_secret: \(String(repeating: "c", count: 32))
              verify_receipt_url: \(collector)/verifyReceipt
              verify_receipt_sandbox_url: \(collector)/verifyReceipt
        """, in: directory)
        let port = server.port
        let client = LoopbackClient(connections: 2)
        do {
            try await server.waitUntilHealthy(client: client)
            let attributes = await client.send(
                "PUT", "http://127.0.0.1:\(port)/v1/customers/traced-customer-1/attributes", json: Data(#"{"attributes": {"plan": "gold"}}"#.utf8),
                headers: ["authorization": "Bearer \(keys.public)", "traceparent": "00-\(traceID)-\(callerSpanID)-01", "x-request-id": "trace-test-1"])
            #expect(attributes.status == 204, "\(attributes.body)")
            let receipt = await client.send(
                "POST", "http://127.0.0.1:\(port)/v1/receipts",
                json: Data(#"{"app_user_id": "traced-customer-1", "receipt_data": "aGVsbG8gd29ybGQ="}"#.utf8),
                headers: ["authorization": "Bearer \(keys.public)", "traceparent": "00-\(receiptTraceID)-\(callerSpanID)-01"])
            // 400: the collector answers verifyReceipt with 21002; 202 when, under a loaded full run, that answer
            // comes after the server's patience (the call is traced either way).
            #expect([400, 202].contains(receipt.status), "\(receipt.body)")
        } catch {
            await server.stop()
            await client.shutdown()
            throw error
        }
        await server.stop()
        await client.shutdown()
        print("[traces] the server's log:\n\(server.logTail(lines: 40))")
    }

    private static func check(_ spans: [OTLPReceiver.Span]) throws {
        let request = try #require(
            spans.first { $0.kind == 2 && $0.traceID == traceID }, "no server span in the caller's trace among \(spans.count): \(spans)")
        #expect(request.parentSpanID == callerSpanID, "the server span is the caller's span's child")
        #expect(request.name == "/v1/customers/{app_user_id}/attributes", "named by the route, never the raw path")
        #expect(request.attributes["perennial.request_id"] == "trace-test-1")
        #expect(request.attributes["http.response.status_code"] == "204")
        #expect(request.attributes["url.path"] == nil && request.attributes["url.query"] == nil, "no raw path leaves in a trace")
        let write = spans.first { $0.name == "ledger.write" && $0.traceID == traceID }
        #expect(write?.parentSpanID == request.spanID, "the ledger write is the request's child: \(spans)")
        #expect(write?.attributes["db.system"] == "sqlite")

        let receipt = try #require(spans.first { $0.kind == 2 && $0.traceID == receiptTraceID }, "\(spans)")
        let storeCall = spans.first { $0.kind == 3 && $0.traceID == receiptTraceID && $0.attributes["perennial.store"] != nil }
        #expect(storeCall?.name == "app_store POST /verifyReceipt", "\(spans)")
        #expect(storeCall?.attributes["perennial.store.outcome"] != nil)
        #expect(storeCall?.parentSpanID == receipt.spanID, "the store call is the receipt request's child")

        let startupProbe = spans.first { $0.kind == 3 && $0.traceID != receiptTraceID && $0.attributes["perennial.store"] == "app_store" }
        #expect(startupProbe != nil, "the startup's verifyReceipt check is traced too: \(spans)")
        #expect(!spans.contains { $0.name.contains("traced-customer-1") }, "no span names a customer")
    }
}
