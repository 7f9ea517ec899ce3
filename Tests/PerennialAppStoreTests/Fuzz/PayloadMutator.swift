import PerennialCore
import Foundation
import PerennialTesting

/// Deterministic mutations of a real payload, from a seed: byte flips, truncations, insertions, deletions,
/// and for JSON, removed or duplicated keys and values swapped for another type.
struct PayloadMutator {
    /// The kinds of change, one per mutation.
    enum Kind: CaseIterable {
        case flipBytes, truncate, insertBytes, deleteRange, removeKey, duplicateKey, swapType
    }

    var generator: SplitMix64
    /// The last JSON input parsed, with the paths to its objects: mutations start from the same original.
    private var parsed: (input: Data, root: Any, paths: [[Step]])?

    init(seed: UInt64) {
        generator = SplitMix64(state: seed)
    }

    /// Bytes that break or bend JSON when dropped in.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "null", "true", "-", "1e999", "0x10", "NaN",
        "\u{0}", "\u{FEFF}", "é", "\u{10FFFF}", "99999999999999999999999",
    ]

    /// Replacement values of every JSON type, including extremes.
    static var values: [Any] {
        [
            NSNull(), true, false, 0, -1, Int64.max, Int64.min, 1.5, -0.0, 1e300, "", "0", "-1", "true", "not a date",
            String(repeating: "x", count: 5_000), [] as [Any], [1, "2", NSNull()] as [Any], [:] as [String: Any],
            ["nested": ["deeper": [1, 2, 3]]] as [String: Any],
        ]
    }

    /// One mutation of `original`, and its kind.
    mutating func mutate(_ original: Data) -> (data: Data, kind: Kind) {
        let kind = Kind.allCases.randomElement(using: &generator)!
        switch kind {
        case .flipBytes, .truncate, .insertBytes, .deleteRange:
            return (mutateBytes(original, kind), kind)
        case .removeKey, .duplicateKey, .swapType:
            guard let mutated = mutateJSON(original, kind) else { return (mutateBytes(original, .flipBytes), .flipBytes) }
            return (mutated, kind)
        }
    }

    private mutating func mutateBytes(_ original: Data, _ kind: Kind) -> Data {
        var bytes = [UInt8](original)
        guard !bytes.isEmpty else { return Data([UInt8.random(in: 0...255, using: &generator)]) }
        switch kind {
        case .truncate:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        case .insertBytes:
            let position = Int.random(in: 0...bytes.count, using: &generator)
            let insertion = Bool.random(using: &generator)
                ? Array(Self.tokens.randomElement(using: &generator)!.utf8)
                : (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.insert(contentsOf: insertion, at: position)
        case .deleteRange:
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let end = min(bytes.count, start + Int.random(in: 1...64, using: &generator))
            bytes.removeSubrange(start..<end)
        default:
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
        }
        return Data(bytes)
    }

    private mutating func mutateJSON(_ original: Data, _ kind: Kind) -> Data? {
        if parsed?.input != original {
            guard let root = try? JSONSerialization.jsonObject(with: original, options: [.fragmentsAllowed]) else { return nil }
            parsed = (original, root, Self.objectPaths(in: root, at: []))
        }
        guard let (_, root, paths) = parsed else { return nil }
        guard let path = paths.randomElement(using: &generator),
              let object = Self.value(in: root, at: path) as? [String: Any], let key = object.keys.sorted().randomElement(using: &generator)
        else { return nil }
        switch kind {
        case .removeKey:
            return Self.serialize(Self.replacing(in: root, at: path + [.key(key)], with: nil))
        case .swapType:
            return Self.serialize(Self.replacing(in: root, at: path + [.key(key)], with: Self.values.randomElement(using: &generator)!))
        default:
            // A second copy of the key, with another value, written before the first.
            guard let text = String(data: original, encoding: .utf8), let range = text.range(of: "\"\(key)\"") else { return nil }
            let value = Self.serialize(Self.values.randomElement(using: &generator)!).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
            return Data(text.replacingCharacters(in: range, with: "\"\(key)\": \(value), \"\(key)\"").utf8)
        }
    }

    private enum Step { case key(String), index(Int) }

    /// Paths to every object in a JSON value.
    private static func objectPaths(in value: Any, at path: [Step]) -> [[Step]] {
        switch value {
        case let object as [String: Any]:
            return [path] + object.keys.sorted().flatMap { objectPaths(in: object[$0]!, at: path + [.key($0)]) }
        case let array as [Any]:
            return array.indices.flatMap { objectPaths(in: array[$0], at: path + [.index($0)]) }
        default:
            return []
        }
    }

    private static func value(in root: Any, at path: [Step]) -> Any? {
        path.reduce(Optional(root)) { current, step in
            switch step {
            case .key(let key): (current as? [String: Any])?[key]
            case .index(let index): (current as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
    }

    /// `root` with the value at `path` replaced (nil removes it).
    private static func replacing(in root: Any, at path: [Step], with replacement: Any?) -> Any {
        guard let step = path.first else { return replacement ?? NSNull() }
        let rest = Array(path.dropFirst())
        switch (step, root) {
        case (.key(let key), var object as [String: Any]):
            if rest.isEmpty { object[key] = replacement } else if let child = object[key] { object[key] = replacing(in: child, at: rest, with: replacement) }
            return object
        case (.index(let index), var array as [Any]) where array.indices.contains(index):
            array[index] = replacing(in: array[index], at: rest, with: replacement)
            return array
        default:
            return root
        }
    }

    private static func serialize(_ value: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
    }
}
