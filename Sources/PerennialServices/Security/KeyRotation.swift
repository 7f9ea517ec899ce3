import Foundation

/// Moves every sealed value onto the current master key (`perennial keys rotate`), and counts which key
/// sealed what (`perennial keys status`).
///
/// The servers run with the new key as their master key and the old one as a previous key the whole time:
/// they seal with the new key and open with both, so the rotation runs while they serve. Each page of a
/// column is re-sealed in one write, and only where the row still holds what was read. A value the current
/// key opens is left alone, so a rotation stopped anywhere (a crash, a kill) is finished by running it
/// again. The master key canary comes last: until it is re-sealed, a server given only the new key refuses
/// to start, so the old key cannot be retired while values still need it.
public struct KeyRotation: Sendable {
    /// How many values of one column each key sealed.
    public struct ColumnCount: Sendable, Hashable {
        public var column: String
        /// Sealed under the current key (after a rotation: including those it re-sealed).
        public var current = 0
        /// Sealed under a previous key (after a rotation: re-sealed, so none are left).
        public var previous = 0
        /// Re-sealed by this rotation.
        public var resealed = 0
        /// Opened by no key: not sealed (a job's plain payload), or sealed under a key the box does not hold.
        public var unknown = 0

        mutating func add(_ sealer: SecretBox.Sealer) {
            switch sealer {
            case .current: current += 1
            case .previous: previous += 1
            case .unknown: unknown += 1
            }
        }
    }

    let values: any SealedValues
    let secrets: SecretBox
    /// Values read and written per transaction.
    let pageSize: Int

    public init(values: any SealedValues, secrets: SecretBox, pageSize: Int = 500) {
        self.values = values
        self.secrets = secrets
        self.pageSize = max(1, pageSize)
    }

    /// Counts, column by column, which key sealed each value; writes nothing.
    public func status() async throws -> [ColumnCount] {
        var counts: [ColumnCount] = []
        for column in values.columns {
            var count = ColumnCount(column: column)
            try await forEachPage(of: column) { page in
                for value in page { count.add(secrets.openNotingSealer(value.sealed).sealer) }
            }
            counts.append(count)
        }
        return counts
    }

    /// Re-seals under the current key every value a previous key sealed, a page per write, the canary last;
    /// `afterPage` is told each page's column and its counts so far (and may throw to stop, as a crash would).
    public func rotate(afterPage: (ColumnCount) async throws -> Void = { _ in }) async throws -> [ColumnCount] {
        guard secrets.isRotating else {
            throw PerennialError(.invalidConfiguration, "no previous master key is configured: nothing to rotate from")
        }
        var counts: [ColumnCount] = []
        for column in values.columns {
            var count = ColumnCount(column: column)
            try await forEachPage(of: column) { page in
                var replacements: [SealedReplacement] = []
                for value in page {
                    let (plaintext, sealer) = secrets.openNotingSealer(value.sealed)
                    guard sealer == .previous, let plaintext else {
                        count.add(sealer)
                        continue
                    }
                    replacements.append(SealedReplacement(key: value.key, old: value.sealed, new: try secrets.seal(plaintext)))
                }
                // A row changed since it was read was sealed anew by a server, under the current key.
                count.resealed += try await values.replace(column: column, replacements)
                count.current += replacements.count
                try await afterPage(count)
            }
            counts.append(count)
        }
        return counts
    }

    private func forEachPage(of column: String, _ body: ([SealedValue]) async throws -> Void) async throws {
        var after: SealedRowKey?
        while true {
            let page = try await values.page(column: column, after: after, limit: pageSize)
            guard let last = page.last else { return }
            try await body(page)
            after = last.key
        }
    }
}
