/// A reader for the old-style (NeXTSTEP) property-list dictionaries of StoreKit 1 transaction receipts:
/// `{ "key" = "value"; … }`, quoted or bare strings, `//` and `/* */` comments. Nested dictionaries and
/// arrays are skipped; only string values are returned.
enum ASCIIPropertyList {
    /// The string entries of the top-level dictionary in `text`, or nil when it is not such a dictionary.
    static func stringDictionary(_ text: String) -> [String: String]? {
        var reader = Reader(Array(text.unicodeScalars))
        reader.skipSpace()
        guard reader.take("{") else { return nil }
        var result: [String: String] = [:]
        while true {
            reader.skipSpace()
            if reader.take("}") { break }
            guard let key = reader.string() else { return nil }
            reader.skipSpace()
            guard reader.take("=") else { return nil }
            reader.skipSpace()
            if let value = reader.string() {
                result[key] = value
            } else if !reader.skipCollection() {
                return nil
            }
            reader.skipSpace()
            guard reader.take(";") else { return nil }
        }
        reader.skipSpace()
        return reader.atEnd ? result : nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard current == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while let scalar = current {
                if scalar.properties.isWhitespace {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while let next = current, next != "\n" { index += 1 }
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                    index = min(index + 2, scalars.count)
                } else {
                    return
                }
            }
        }

        /// A quoted string with escapes, or a bare word.
        mutating func string() -> String? {
            if take("\"") {
                var result = String.UnicodeScalarView()
                while let scalar = current {
                    index += 1
                    if scalar == "\"" { return String(result) }
                    if scalar == "\\", let escaped = current {
                        index += 1
                        switch escaped {
                        case "n": result.append("\n")
                        case "t": result.append("\t")
                        case "r": result.append("\r")
                        default: result.append(escaped)
                        }
                    } else {
                        result.append(scalar)
                    }
                }
                return nil
            }
            let start = index
            while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_$+/:.-".unicodeScalars.contains(scalar) {
                index += 1
            }
            return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
        }

        /// Skips a nested `{…}`, `(…)` or `<…>` value, quoted strings inside included.
        mutating func skipCollection() -> Bool {
            guard let open = current, "{(<".unicodeScalars.contains(open) else { return false }
            var depth = 0
            while let scalar = current {
                if scalar == "\"" {
                    guard string() != nil else { return false }
                    continue
                }
                index += 1
                if "{(<".unicodeScalars.contains(scalar) { depth += 1 }
                if "})>".unicodeScalars.contains(scalar) {
                    depth -= 1
                    if depth == 0 { return true }
                }
            }
            return false
        }
    }
}
