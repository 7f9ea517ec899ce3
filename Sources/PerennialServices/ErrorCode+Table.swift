extension ErrorCode {
    /// README.md's table of error codes, one row per code in `codes`' order: `perennial error-codes` prints
    /// it for every code the server knows, and a test checks the README holds exactly this.
    public static func markdownTable(of codes: [ErrorCode]) -> String {
        var rows = ["| code | status | meaning |", "|---|---|---|"]
        for code in codes {
            rows.append("| `\(code.rawValue)` | \(code.kind.httpStatus) | \(code.meaning) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
