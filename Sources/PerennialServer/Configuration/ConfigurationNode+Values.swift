extension ConfigurationNode {
    /// The scalar as a whole number above zero.
    func positiveInteger() throws -> Int {
        let value = try integer()
        guard value > 0 else { throw error("must be a positive whole number") }
        return value
    }

    /// The scalar as `true` or `false`.
    func boolean() throws -> Bool {
        switch try string() {
        case "true": return true
        case "false": return false
        default: throw error("expected true or false")
        }
    }
}
