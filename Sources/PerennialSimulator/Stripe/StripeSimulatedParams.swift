import Foundation

/// Request parameters as Stripe reads them: `application/x-www-form-urlencoded` pairs whose keys use
/// bracket notation (`items[0][price]`, `metadata[user]`, `expand[]`), folded into a tree. A list is a node
/// whose children are keyed `0`, `1`, … (or appended, for `[]`).
public struct StripeSimulatedParams: Sendable, Hashable {
    /// The value of a leaf, when this node is one.
    public var value: String?
    /// The children of an inner node, by key.
    public var children: [String: StripeSimulatedParams] = [:]
    /// The children's keys in the order they first appeared.
    public var order: [String] = []

    public init(value: String? = nil) {
        self.value = value
    }

    /// Parses a form body or query string.
    public init(form text: String) {
        self.init()
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(Self.decode)
            insert(path: Self.path(parts[0]), value: parts.count > 1 ? parts[1] : "")
        }
    }

    /// Builds parameters from `(key, value)` pairs in bracket notation.
    public init(pairs: [(String, String)]) {
        self.init()
        for (key, value) in pairs { insert(path: Self.path(key), value: value) }
    }

    /// True when the request sent nothing under this name.
    public var isEmpty: Bool { value == nil && children.isEmpty }

    /// The child `key` (an empty node when absent).
    public subscript(key: String) -> StripeSimulatedParams {
        children[key] ?? StripeSimulatedParams()
    }

    /// The leaf value of `key`; nil when absent. An empty string (Stripe's way to unset) counts as present.
    public func string(_ key: String) -> String? {
        children[key]?.value
    }

    /// The children of a list node in index order.
    public var list: [StripeSimulatedParams] {
        order.sorted { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }.compactMap { children[$0] }
    }

    /// The leaves of a list node, in order (`expand[]=a&expand[]=b` or `expand[0]=a`).
    public func strings(_ key: String) -> [String] {
        let node = self[key]
        if let single = node.value { return [single] }
        return node.list.compactMap(\.value)
    }

    /// A flat map of string leaves under `key` (metadata).
    public func dictionary(_ key: String) -> [String: String]? {
        guard let node = children[key] else { return nil }
        var result: [String: String] = [:]
        for (name, child) in node.children { result[name] = child.value ?? "" }
        return result
    }

    private mutating func insert(path: [String], value: String) {
        guard let head = path.first else {
            self.value = value
            return
        }
        var key = head
        if key.isEmpty { key = String(order.count) }
        if children[key] == nil { order.append(key) }
        var child = children[key] ?? StripeSimulatedParams()
        child.insert(path: Array(path.dropFirst()), value: value)
        children[key] = child
    }

    /// `a[b][0]` as `["a", "b", "0"]`; `a[]` as `["a", ""]`.
    private static func path(_ key: String) -> [String] {
        guard let open = key.firstIndex(of: "[") else { return [key] }
        var parts = [String(key[..<open])]
        var rest = key[open...]
        while rest.first == "[", let close = rest.firstIndex(of: "]") {
            parts.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return parts
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
