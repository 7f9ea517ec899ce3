/// The problems found so far in a paywall document.
struct PaywallProblems {
    private(set) var list: [PaywallProblem] = []

    mutating func add(_ field: String, _ message: String) {
        list.append(PaywallProblem(field: field, message: message))
    }
}
