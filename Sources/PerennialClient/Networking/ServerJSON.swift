import Foundation

/// The server's JSON conventions: snake_case keys written out in each type, dates in ISO 8601 (UTC,
/// milliseconds or not).
enum ServerJSON {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The server writes milliseconds; plain seconds are read too.
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSeconds = Date.ISO8601FormatStyle()

    static func parseDate(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? wholeSeconds.parse(text))
    }

    static func format(_ date: Date) -> String {
        date.formatted(withFraction)
    }

    /// `body` as JSON; the error names what the server sent when it is not the expected shape.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: Data) throws(PerennialClientError) -> Value {
        do {
            return try decoder().decode(type, from: body)
        } catch {
            throw .invalidResponse("the answer is not a \(type): \(error)")
        }
    }
}
