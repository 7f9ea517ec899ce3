extension PaywallDocumentValidator {
    func check(_ experiment: Experiment, in document: PaywallDocument, at field: String, into problems: inout PaywallProblems) {
        if document.placement(experiment.placement) == nil {
            problems.add("\(field).placement", "no placement \(experiment.placement)")
        }
        if !(2...5).contains(experiment.variants.count) { problems.add("\(field).variants", "2 to 5 variants") }
        checkIDs(experiment.variants.map(\.id), at: "\(field).variants", into: &problems)
        for (index, variant) in experiment.variants.enumerated() {
            if !(1...1000).contains(variant.weight) { problems.add("\(field).variants[\(index)].weight", "a whole number from 1 to 1000") }
            if variant.id == "holdout" { problems.add("\(field).variants[\(index)].id", "holdout names the customers held out") }
            if let paywall = variant.paywall, document.paywall(paywall) == nil {
                problems.add("\(field).variants[\(index)].paywall", "no paywall \(paywall)")
            }
        }
        if !(0...50).contains(experiment.holdoutPercent) { problems.add("\(field).holdout_percent", "0 to 50") }
        if !(100...10_000_000).contains(experiment.design.minimumExposuresPerVariant) {
            problems.add("\(field).minimum_exposures_per_variant", "at least 100 (docs/experiments.md tells how many a lift needs)")
        }
        if !(7...365).contains(experiment.design.minimumDays) {
            problems.add("\(field).minimum_days", "7 to 365: at least a week, so every weekday is in the sample")
        }
        if !(0.9...0.999).contains(experiment.design.probabilityToCall) { problems.add("\(field).probability_to_call", "0.9 to 0.999") }
        let before = previous?.experiment(experiment.id)
        if !statusChangesAllowed, experiment.status != (before?.status ?? .draft) || experiment.startedAt != before?.startedAt || experiment.stoppedAt != before?.stoppedAt {
            problems.add("\(field).status", "changes only through start, pause and stop (it is \((before?.status ?? .draft).rawValue))")
        }
        if let before, before.startedAt != nil, !experiment.sameDesign(as: before) {
            problems.add(field, "\(experiment.id) has started: its placement, audience, variants, holdout and design stay as they were; stop it and start another")
        }
        if experiment.status == .running,
           document.experiments.contains(where: { $0.id != experiment.id && $0.placement == experiment.placement && $0.status == .running }) {
            problems.add("\(field).status", "another experiment runs on \(experiment.placement)")
        }
    }
}
