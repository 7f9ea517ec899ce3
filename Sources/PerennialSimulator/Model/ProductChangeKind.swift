/// How a move between two products of one subscription group is classified.
public enum ProductChangeKind: String, Sendable, Hashable, Codable {
    /// To a higher level (a lower `group_level` number): immediate.
    case upgrade
    /// To a lower level: at the next renewal.
    case downgrade
    /// To the same level: immediate for the same duration, otherwise at the next renewal.
    case crossgrade
}
