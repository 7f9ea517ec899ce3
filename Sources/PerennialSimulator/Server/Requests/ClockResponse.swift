import PerennialCore

/// `GET /simulator/clock`.
struct ClockResponse: Encodable {
    var nowMilliseconds: Int64
    var now: String
    var timeScale: SimulatorTimeScale
    var rate: Double

    init(now: Instant, timeScale: SimulatorTimeScale, rate: Double) {
        nowMilliseconds = now.milliseconds
        self.now = now.description
        self.timeScale = timeScale
        self.rate = rate
    }

    enum CodingKeys: String, CodingKey {
        case now, rate
        case nowMilliseconds = "now_ms"
        case timeScale = "time_scale"
    }
}
