import Hummingbird
import NIOCore
import PerennialCore

/// A `text/csv` answer.
enum CSVText {
    static func response(_ lines: [[String]]) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/csv; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: CSVWriter.text(lines))))
    }
}
