import Foundation
import Logging
import PerennialServer
import Synchronization
import Testing

/// `--log-format json`: one JSON object per line, whatever the message holds, with the request id and the
/// rest of the metadata under `metadata`.
@Suite("JSON log lines")
struct JSONLinesLogHandlerTests {
    final class Lines: Sendable {
        let captured = Mutex<[[UInt8]]>([])
        var all: [[UInt8]] { captured.withLock { $0 } }
    }

    /// With tracing on, `perennial serve` gives the handler `TracingBootstrap.logMetadataProvider`: what a
    /// provider says (the trace and span ids) is in every line, under the logger's own metadata.
    @Test func aMetadataProvidersValuesAreInEveryLine() throws {
        let lines = Lines()
        let provider = Logger.MetadataProvider { ["trace_id": "4bf92f3577b34da6a3ce929d0e0e4736", "hb.request.id": "from-provider"] }
        var logger = Logger(label: "perennial") { label in
            JSONLinesLogHandler(label: label, metadataProvider: provider) { bytes in lines.captured.withLock { $0.append(bytes) } }
        }
        logger[metadataKey: "hb.request.id"] = "call-8"
        logger.info("traced")
        let line = try #require(lines.all.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["trace_id"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(metadata["hb.request.id"] as? String == "call-8", "the logger's own metadata wins")
    }

    @Test func eachEntryIsOneLineOfJSONWithItsMetadata() throws {
        let lines = Lines()
        var logger = Logger(label: "perennial") { label in
            JSONLinesLogHandler(label: label) { bytes in lines.captured.withLock { $0.append(bytes) } }
        }
        logger[metadataKey: "hb.request.id"] = "call-7"
        logger.warning("a forged\nline \"quoted\"", metadata: ["job": ["kind": "webhook.deliver", "attempts": ["1", "2"]]])
        logger.debug("below the level: not written")
        let written = lines.all
        try #require(written.count == 1)
        let line = written[0]
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().contains(UInt8(ascii: "\n")) == false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["level"] as? String == "warning")
        #expect(object["label"] as? String == "perennial")
        #expect(object["message"] as? String == "a forged\nline \"quoted\"")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["hb.request.id"] as? String == "call-7")
        let job = try #require(metadata["job"] as? [String: Any])
        #expect(job["kind"] as? String == "webhook.deliver")
        #expect(job["attempts"] as? [String] == ["1", "2"])
        let time = try #require(object["time"] as? String)
        #expect(try Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)).timeIntervalSinceNow.magnitude < 60)
    }
}
