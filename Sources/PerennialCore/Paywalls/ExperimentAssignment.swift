/// Which arm of an experiment a customer was put in: a variant, or the holdout.
public struct ExperimentAssignment: Sendable, Hashable {
    public var experimentID: String
    /// The variant's id, or `holdout`.
    public var variantID: String

    public init(experimentID: String, variantID: String) {
        self.experimentID = experimentID
        self.variantID = variantID
    }

    /// The variant id of customers held out.
    public static let holdout = "holdout"
}
