import Foundation

/// Every value stored sealed under the master key, column by column, for a key rotation: read a page at a
/// time in key order, and replaced only where it still holds what was read (a server sealing anew at the
/// same time wins).
public protocol SealedValues: Sendable {
    /// The sealed columns, as `table.column`, the master key canary's last (it proves the key a database's
    /// secrets were sealed with, so it changes only once every other value has).
    var columns: [String] { get }

    /// Up to `limit` values of `column` after the row `after` (nil: from the first), in key order.
    func page(column: String, after: SealedRowKey?, limit: Int) async throws -> [SealedValue]

    /// In one write, replaces each value that still holds `old`; returns how many were replaced.
    func replace(column: String, _ replacements: [SealedReplacement]) async throws -> Int
}

/// A row's primary key, as the sealed values' store reads it.
public struct SealedRowKey: Sendable, Hashable {
    /// The key's columns' values in order: text, or an integer for integer keys.
    public var parts: [Part]

    public enum Part: Sendable, Hashable {
        case text(String)
        case integer(Int64)
    }

    public init(_ parts: [Part]) {
        self.parts = parts
    }
}

/// One sealed value and the row it is in.
public struct SealedValue: Sendable, Hashable {
    public var key: SealedRowKey
    public var sealed: Data

    public init(key: SealedRowKey, sealed: Data) {
        self.key = key
        self.sealed = sealed
    }
}

/// A value to seal anew: the row, what it held when read, and what replaces it.
public struct SealedReplacement: Sendable, Hashable {
    public var key: SealedRowKey
    public var old: Data
    public var new: Data

    public init(key: SealedRowKey, old: Data, new: Data) {
        self.key = key
        self.old = old
        self.new = new
    }
}
