import Crypto
import Foundation

/// Which variant of an experiment a customer sees: decided by the SHA-256 of `<experiment id>:<app user
/// id>`, so the same customer sees the same variant on every device and every server, and nothing needs to be
/// stored to keep it so. The digest's first eight bytes (big-endian) give a number; its remainder by 10,000
/// decides the holdout (in basis points), and the quotient's remainder by the sum of the weights the variant,
/// so being held out and the variant drawn are independent.
public enum ExperimentBucketing {
    /// The variant (an index into `weights`) for `appUserID`, or nil when the customer is in the holdout.
    /// Weights are positive whole numbers (their sum need not be 100).
    public static func variant(experimentID: String, appUserID: String, weights: [Int], holdoutBasisPoints: Int = 0) -> Int? {
        let number = draw(experimentID: experimentID, appUserID: appUserID)
        guard number % 10_000 >= UInt64(max(0, holdoutBasisPoints)) else { return nil }
        let total = weights.reduce(0) { $0 + max($1, 0) }
        guard total > 0 else { return nil }
        var position = Int((number / 10_000) % UInt64(total))
        for (index, weight) in weights.enumerated() where weight > 0 {
            if position < weight { return index }
            position -= weight
        }
        return nil
    }

    /// The number a customer draws in an experiment.
    static func draw(experimentID: String, appUserID: String) -> UInt64 {
        let digest = SHA256.hash(data: Data("\(experimentID):\(appUserID)".utf8))
        return digest.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
