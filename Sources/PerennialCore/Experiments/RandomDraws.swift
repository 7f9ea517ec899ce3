import Foundation

/// The draws the experiments' statistics need from a seeded generator, so every figure can be reproduced
/// from its seed: uniform in (0, 1), standard normal (Box–Muller), gamma (Marsaglia and Tsang's method, with
/// the usual boost for a shape under 1) and beta (a ratio of two gammas).
struct RandomDraws<Generator: RandomNumberGenerator> {
    var generator: Generator

    /// Uniform in the open interval (0, 1).
    mutating func uniform() -> Double {
        (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
    }

    mutating func normal() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }

    mutating func gamma(shape: Double) -> Double {
        guard shape >= 1 else { return gamma(shape: shape + 1) * pow(uniform(), 1 / shape) }
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            var x: Double
            var v: Double
            repeat {
                x = normal()
                v = 1 + c * x
            } while v <= 0
            v = v * v * v
            let u = uniform()
            if u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }

    mutating func beta(_ alpha: Double, _ beta: Double) -> Double {
        let x = gamma(shape: alpha)
        let y = gamma(shape: beta)
        return x / (x + y)
    }

    /// An index in `0..<count`.
    mutating func index(below count: Int) -> Int {
        Int(generator.next() % UInt64(count))
    }
}
