import Foundation

/// What an experiment fixes before it starts, so that its result cannot be had by peeking: the least number
/// of exposed customers per variant and the least number of days before anything is called, and how sure
/// the statistics must then be to call a winner. With `k` variants and no true difference, a winner is called
/// at most about `k × (1 − probabilityToCall)` of the time (each variant's chance of looking best by luck).
public struct ExperimentDesign: Sendable, Hashable, Codable {
    public var minimumExposuresPerVariant: Int
    public var minimumDays: Int
    /// The probability of being best at which a variant is called the winner (0.975 by default: with two
    /// variants, a false winner about 5% of the time).
    public var probabilityToCall: Double

    public init(minimumExposuresPerVariant: Int, minimumDays: Int = 14, probabilityToCall: Double = 0.975) {
        self.minimumExposuresPerVariant = max(1, minimumExposuresPerVariant)
        self.minimumDays = max(0, minimumDays)
        self.probabilityToCall = min(max(probabilityToCall, 0.5), 0.9999)
    }

    /// The exposed customers per variant that detect a conversion rate moving from `baseline` to
    /// `baseline × (1 + lift)` with probability `power` when one variant is compared with another at this
    /// design's `probabilityToCall` (the normal approximation to the two rates' difference, rounded up).
    public func exposuresNeeded(baseline: Double, lift: Double, power: Double = 0.8) -> Int {
        let treated = baseline * (1 + lift)
        let variance = baseline * (1 - baseline) + treated * (1 - treated)
        let z = Self.normalQuantile(probabilityToCall) + Self.normalQuantile(power)
        let difference = treated - baseline
        guard difference != 0 else { return Int.max }
        return Int((z * z * variance / (difference * difference)).rounded(.up))
    }

    /// The standard normal quantile (Acklam's rational approximation, relative error under 1.2e-9).
    static func normalQuantile(_ p: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -normalQuantile(1 - p) }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
