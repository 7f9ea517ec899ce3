/// Comparisons whose duration does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether two strings are equal, comparing every byte of the longer one.
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        var difference = left.count ^ right.count
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= Int(a ^ b)
        }
        return difference == 0
    }
}
