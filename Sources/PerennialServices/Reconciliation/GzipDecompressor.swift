import CZlib
import Foundation

/// Decompresses gzip files (App Store Connect delivers its reports as `.txt.gz`) with the system's zlib, up
/// to a size: a small file that inflates without end (a gzip bomb) is refused, not followed.
public struct GzipDecompressor: Sendable {
    /// Why a file could not be decompressed.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// It inflates to more than `maximumBytes`.
        case tooLarge(maximumBytes: Int)
        /// It is not valid gzip (zlib's message, when it gives one).
        case corrupt(String)
        /// It ends before its gzip stream does.
        case truncated

        public var description: String {
            switch self {
            case .tooLarge(let maximum): "the file decompresses to more than \(maximum) bytes"
            case .corrupt(let message): "the file is not valid gzip: \(message)"
            case .truncated: "the gzip file is truncated"
            }
        }
    }

    /// 512 MiB: far more than a store report of one app, far less than memory.
    public static let defaultMaximumBytes = 512 * 1024 * 1024

    /// The largest output accepted, in bytes.
    public var maximumBytes: Int

    public init(maximumBytes: Int = defaultMaximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// Whether the data starts with gzip's magic bytes (1f 8b).
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// The decompressed bytes of gzip data (several concatenated members are read one after another).
    public func decompress(_ data: Data) throws -> Data {
        guard data.count <= Int(UInt32.max) else { throw Failure.tooLarge(maximumBytes: maximumBytes) }
        var stream = z_stream()
        guard perennial_inflate_init_gzip(&stream) == Z_OK else { throw Failure.corrupt("zlib could not start") }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var output = Data()
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        try input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = try chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    let produced = chunkSize - Int(stream.avail_out)
                    guard output.count + produced <= maximumBytes else { throw Failure.tooLarge(maximumBytes: maximumBytes) }
                    if produced > 0, let base = target.baseAddress { output.append(base, count: produced) }
                    return status
                }
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in > 0 else { return }
                    guard inflateReset(&stream) == Z_OK else { throw Failure.corrupt("zlib could not restart") }
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    guard stream.avail_in == 0, stream.avail_out != 0 else { continue }
                    throw Failure.truncated
                default:
                    throw Failure.corrupt(stream.msg.map { String(cString: $0) } ?? "error \(status)")
                }
            }
        }
        return output
    }
}
