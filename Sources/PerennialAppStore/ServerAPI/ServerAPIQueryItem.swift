/// One query parameter of an App Store Server API request.
struct ServerAPIQueryItem: Sendable, Hashable {
    var name: String
    var value: String

    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
