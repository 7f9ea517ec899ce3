import Foundation
import Hummingbird
import NIOCore
import PerennialCore

/// A stand-in OpenTelemetry collector for tests: takes OTLP/HTTP JSON exports at `POST /v1/traces` and keeps
/// their spans. It also answers `POST /verifyReceipt` as the App Store does a malformed receipt (21002), so
/// that a server pointed at it makes store calls.
actor OTLPReceiver {
    /// One exported span, as a test reads it.
    struct Span: Sendable, CustomStringConvertible {
        var traceID: String
        var spanID: String
        var parentSpanID: String
        var name: String
        /// OTLP's span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
        var kind: Int
        var attributes: [String: String]

        var description: String { "\(name) kind=\(kind) trace=\(traceID) span=\(spanID) parent=\(parentSpanID) \(attributes)" }
    }

    private(set) var spans: [Span] = []

    func take(_ body: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return }
        for resource in root["resourceSpans"] as? [[String: Any]] ?? [] {
            for scope in resource["scopeSpans"] as? [[String: Any]] ?? [] {
                for span in scope["spans"] as? [[String: Any]] ?? [] { spans.append(Self.span(span)) }
            }
        }
    }

    /// The receiver's routes, for an `Application` the test runs.
    nonisolated func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 * 1024 * 1024)
            await self.take(Data(buffer: body))
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        router.post("verifyReceipt") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status": 21002}"#)))
        }
        return router
    }

    private static func span(_ json: [String: Any]) -> Span {
        var attributes: [String: String] = [:]
        for attribute in json["attributes"] as? [[String: Any]] ?? [] {
            guard let key = attribute["key"] as? String, let value = attribute["value"] as? [String: Any], let first = value.values.first else { continue }
            attributes[key] = "\(first)"
        }
        return Span(
            traceID: hex(json["traceId"]), spanID: hex(json["spanId"]), parentSpanID: hex(json["parentSpanId"]),
            name: json["name"] as? String ?? "", kind: (json["kind"] as? Int) ?? 0, attributes: attributes)
    }

    /// Ids arrive base64 (protobuf's JSON mapping) or hex (OTLP's); both become lowercase hex.
    private static func hex(_ value: Any?) -> String {
        guard let text = value as? String, !text.isEmpty else { return "" }
        if text.count % 2 == 0, text.allSatisfy(\.isHexDigit), text.count == 32 || text.count == 16 { return text.lowercased() }
        guard let bytes = Data(base64Encoded: text) else { return text }
        return Hexadecimal.lowercase(bytes)
    }
}
