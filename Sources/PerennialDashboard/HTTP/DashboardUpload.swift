import Foundation
import Hummingbird
import MultipartKit
import PerennialServices

/// A form a dashboard page posted with files (`multipart/form-data`), read whole up to a limit and split
/// into parts by multipart-kit's parser: its text fields, and its files with the names the browser gave them.
struct DashboardUpload: Sendable {
    /// A file of the form.
    struct File: Sendable {
        /// The form field it was sent in.
        var field: String
        /// Its name on the person's computer as the browser sent it, cut to 120 characters (for display only).
        var filename: String
        var data: Data
    }

    private var fields: [String: String] = [:]
    /// The files, in the order the form sent them.
    private(set) var files: [File] = []

    /// The request's form; a body longer than `limit` (413), not multipart or not well formed (400) is refused.
    static func read(_ request: Request, limit: Int) async throws -> DashboardUpload {
        guard let boundary = request.headers[.contentType].flatMap(Self.boundary) else {
            throw PerennialError(.badRequest, "the page sent something other than its form with files")
        }
        return try DashboardUpload(try await request.body.collect(upTo: limit), boundary: boundary)
    }

    init(_ body: ByteBuffer, boundary: String) throws {
        let parser = MultipartParser(boundary: boundary)
        var headers: [(String, String)] = []
        var content = ByteBuffer()
        var parts: [(headers: [(String, String)], body: ByteBuffer)] = []
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append((headers, content))
            headers = []
            content = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw PerennialError(.badRequest, "the form's body is not well-formed multipart/form-data")
        }
        for part in parts {
            guard let disposition = part.headers.first(where: { $0.0.lowercased() == "content-disposition" })?.1,
                  let parameters = Self.parameters(ofDisposition: disposition), let name = parameters["name"]
            else { continue }
            if let filename = parameters["filename"] {
                // A file input left empty still sends its part, named "" and empty.
                guard !filename.isEmpty || part.body.readableBytes > 0 else { continue }
                // Browsers send a name's quote and line breaks percent-encoded (the HTML standard's form-data encoding).
                let shown = filename.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: " ")
                    .replacingOccurrences(of: "%0A", with: " ")
                files.append(File(field: name, filename: String(shown.prefix(120)), data: Data(buffer: part.body)))
            } else {
                fields[name] = String(buffer: part.body)
            }
        }
    }

    /// The field's value; nil when the form lacks it.
    subscript(_ name: String) -> String? { fields[name] }

    /// The `boundary` of a `multipart/form-data` content type: 1 to 70 characters of RFC 2046's set, quoted or not.
    static func boundary(of contentType: String) -> String? {
        let parts = contentType.split(separator: ";", maxSplits: 1)
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data", parts.count == 2,
              let boundary = parameters(String(parts[1]))["boundary"], (1...70).contains(boundary.utf8.count),
              boundary.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") })
        else { return nil }
        return boundary
    }

    /// The parameters of a `Content-Disposition: form-data; name="…"; filename="…"` header; nil when it is not
    /// form-data.
    static func parameters(ofDisposition value: String) -> [String: String]? {
        let parts = value.split(separator: ";", maxSplits: 1)
        guard parts.first?.trimmingCharacters(in: .whitespaces).lowercased() == "form-data" else { return nil }
        return parts.count == 2 ? parameters(String(parts[1])) : [:]
    }

    /// `key=value; key="quoted; value"` pairs, keys lowercased; a quoted value keeps what is between its quotes
    /// (a backslash escapes the next character).
    static func parameters(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var scalars = Substring(text).unicodeScalars[...]
        while !scalars.isEmpty {
            scalars = scalars.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            let key = String(String.UnicodeScalarView(scalars.prefix { $0 != "=" && $0 != ";" }))
            scalars = scalars.dropFirst(key.unicodeScalars.count)
            var value = ""
            if scalars.first == "=" {
                scalars = scalars.dropFirst()
                if scalars.first == "\"" {
                    scalars = scalars.dropFirst()
                    var escaped = false
                    while let scalar = scalars.first {
                        scalars = scalars.dropFirst()
                        if escaped { value.unicodeScalars.append(scalar); escaped = false }
                        else if scalar == "\\" { escaped = true }
                        else if scalar == "\"" { break }
                        else { value.unicodeScalars.append(scalar) }
                    }
                    scalars = scalars.drop { $0 != ";" }
                } else {
                    let raw = scalars.prefix { $0 != ";" }
                    value = String(String.UnicodeScalarView(raw)).trimmingCharacters(in: .whitespaces)
                    scalars = scalars.dropFirst(raw.count)
                }
            }
            let name = key.trimmingCharacters(in: .whitespaces).lowercased()
            if !name.isEmpty, result[name] == nil { result[name] = value }
        }
        return result
    }
}
