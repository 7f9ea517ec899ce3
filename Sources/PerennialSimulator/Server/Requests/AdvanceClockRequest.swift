/// `POST /simulator/clock/advance`.
struct AdvanceClockRequest: Decodable {
    /// Simulated seconds to move forward.
    var seconds: Double
}
