/// One number of the overview, with what the browser suite and a reader need: the metric and value key it
/// comes from (`data-metric`, `data-key`), whether it is a stock (its value at the range's end), a flow (its
/// sum over the range) or derived (a rate of two flows), the raw integer, and its text.
struct OverviewFigure: Sendable {
    var label: String
    var metric: String
    var key: String
    var kind: String
    var value: Int64
    var text: String
    /// For amounts, what the script formats in the viewer's locale.
    var money: MoneyText?
    /// A line under the number (what a rate is of).
    var note: String?
    /// The page listing the subscriptions behind the figure, when the person may see customers.
    var explain: String?
}
