/// A store that sells a customer something.
public enum Store: String, Sendable, Codable, Hashable, CaseIterable {
    case appStore = "app_store"
    case playStore = "play_store"
    case stripe
}
