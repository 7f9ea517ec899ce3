/// A verifyReceipt request a timeout fault is holding, and the timer that will release it.
struct HeldRequest: Sendable {
    var continuation: CheckedContinuation<Void, Never>
    var timer: Task<Void, Never>
}
