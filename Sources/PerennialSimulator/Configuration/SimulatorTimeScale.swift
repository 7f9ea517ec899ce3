/// How simulated time relates to real time, and how long subscription periods last.
public enum SimulatorTimeScale: Sendable, Hashable, Codable {
    /// Apple's sandbox: the clock runs at real speed and periods are compressed (1 week → 3 min, 1 month →
    /// 5 min, 2 months → 10 min, 3 months → 15 min, 6 months → 30 min, 1 year → 1 h, 3 days → 2 min).
    /// Billing retry (60 days) and grace periods shrink by the same ratio as 1 month → 5 min (1/8640):
    /// retry lasts 10 min, a 16-day grace period 160 s.
    case appleSandbox
    /// Real Apple durations (calendar months, 60 days of retry), with a clock that runs `factor` times
    /// faster than real time.
    case factor(Double)
    /// Real Apple durations; time moves only when told (`SimulatorClock.advance`). Deterministic: for tests.
    case manual

    /// How many simulated seconds pass per real second.
    public var rate: Double {
        switch self {
        case .appleSandbox: 1
        case .factor(let factor): factor
        case .manual: 0
        }
    }

    /// Encoded as `"apple_sandbox"`, `"manual"` or `{"factor": 60}` (a bare number is read as a factor).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            switch text {
            case "apple_sandbox", "appleSandbox", "sandbox": self = .appleSandbox
            case "manual": self = .manual
            default:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "time scale must be apple_sandbox, manual or {\"factor\": n}")
            }
        } else if let factor = try? container.decode(Double.self) {
            self = .factor(factor)
        } else {
            let object = try container.decode([String: Double].self)
            guard let factor = object["factor"] else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected {\"factor\": n}")
            }
            self = .factor(factor)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .appleSandbox: try container.encode("apple_sandbox")
        case .manual: try container.encode("manual")
        case .factor(let factor): try container.encode(["factor": factor])
        }
    }
}
