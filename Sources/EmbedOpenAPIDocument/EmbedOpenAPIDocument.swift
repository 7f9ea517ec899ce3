import Foundation

/// `EmbedOpenAPIDocument <openapi.yaml> <OpenAPIDocument.swift>`: writes a Swift source holding the document
/// as the raw string `OpenAPIDocument.yaml`, for `OpenAPIDocumentPlugin`.
@main
enum EmbedOpenAPIDocument {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: EmbedOpenAPIDocument <openapi.yaml> <OpenAPIDocument.swift>\n".utf8))
            exit(64)
        }
        let document = try String(contentsOfFile: arguments[1], encoding: .utf8)
        // A raw string delimiter the document does not hold.
        var delimiter = "#"
        while document.contains("\"\"\"\(delimiter)") { delimiter += "#" }
        let source = """
            // Generated at build time by OpenAPIDocumentPlugin from openapi.yaml.

            /// The API's OpenAPI 3.1 document, as `GET /openapi.yaml` serves it.
            enum OpenAPIDocument {
                static let yaml = \(delimiter)\"\"\"
            \(document)
            \"\"\"\(delimiter)
            }

            """
        try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
    }
}
