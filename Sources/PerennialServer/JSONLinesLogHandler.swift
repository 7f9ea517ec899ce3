import Foundation
import Logging
import PerennialCore

/// A swift-log handler that writes each entry as one line of JSON, for log collectors:
/// `{"level":"info","label":"perennial","message":"…","metadata":{"hb.request.id":"…"},"time":"…"}` (keys
/// sorted; `metadata` left out when empty). A message or value with a line break stays on its line (JSON
/// escapes it), so a client's input can never forge a log line. `perennial serve --log-format json`.
public struct JSONLinesLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    /// Metadata added to every line from where it is written (`TracingBootstrap.logMetadataProvider`: the
    /// trace and span ids).
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    /// Where a finished line goes, in one piece.
    let output: @Sendable ([UInt8]) -> Void

    /// A handler for `label` writing to `output` (standard output unless given).
    public init(
        label: String, metadataProvider: Logger.MetadataProvider? = nil,
        output: @escaping @Sendable ([UInt8]) -> Void = JSONLinesLogHandler.standardOutput
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadataProvider?.get() ?? [:]
        all.merge(metadata) { _, own in own }
        if let entry = event.metadata { all.merge(entry) { _, own in own } }
        var out = JSONByteWriter(capacity: 256)
        out.raw("{\"label\":")
        out.string(label)
        out.raw(",\"level\":")
        out.string(event.level.rawValue)
        out.raw(",\"message\":")
        out.string(event.message.description)
        if !all.isEmpty {
            out.raw(",\"metadata\":")
            out.object(all) { value, out in Self.write(value, into: &out) }
        }
        out.raw(",\"time\":")
        out.string(Date().formatted(Self.timeFormat))
        out.raw("}\n")
        output(out.bytes)
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static func write(_ value: Logger.Metadata.Value, into out: inout JSONByteWriter) {
        switch value {
        case .string(let text): out.string(text)
        case .stringConvertible(let convertible): out.string(convertible.description)
        case .dictionary(let dictionary): out.object(dictionary) { value, out in write(value, into: &out) }
        case .array(let array): out.array(array) { value, out in write(value, into: &out) }
        }
    }

    /// Writes the line to standard output with one `write`: lines from concurrent tasks never interleave.
    public static func standardOutput(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
