import Foundation

/// One thing that reaches Perennial in a delivery test: the app's signed transaction, a store notification
/// body, or a status poll of the subscription.
enum Delivery: Sendable {
    case transaction(String)
    case notification(Data)
    case poll
}
