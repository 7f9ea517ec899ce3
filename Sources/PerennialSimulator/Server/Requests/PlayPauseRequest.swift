/// `POST /simulator/google/purchases/{token}/pause`: `{"minutes": 10}`, how long the pause lasts once it
/// starts at the end of the current period.
struct PlayPauseRequest: Decodable {
    var minutes: Int64
}
