/// The credential of an `Authorization: Bearer <credential>` header.
enum BearerCredential {
    /// What follows `Bearer `; nil for a header of another scheme.
    static func of(_ header: String) -> String? {
        let prefix = "Bearer "
        return header.hasPrefix(prefix) ? String(header.dropFirst(prefix.count)) : nil
    }
}
