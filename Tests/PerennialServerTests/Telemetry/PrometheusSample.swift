/// One line of a Prometheus text exposition: a series' name, its labels and its value.
struct PrometheusSample: Sendable, Hashable {
    var name: String
    var labels: [String: String]
    var value: Double

    /// Every sample of an exposition (comments skipped). Label values here hold no escaped quotes, commas or
    /// braces: the tests' labels are routes, stores, kinds and codes.
    static func parse(_ text: String) -> [PrometheusSample] {
        text.split(separator: "\n").compactMap { line -> PrometheusSample? in
            guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...])
            else { return nil }
            let series = line[..<space]
            guard let open = series.firstIndex(of: "{") else {
                return PrometheusSample(name: String(series), labels: [:], value: value)
            }
            var labels: [String: String] = [:]
            for pair in series[series.index(after: open)..<series.index(before: series.endIndex)].split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return PrometheusSample(name: String(series[..<open]), labels: labels, value: value)
        }
    }
}

extension [PrometheusSample] {
    /// The sum of the samples of `name` whose labels include `labels`.
    func total(_ name: String, _ labels: [String: String] = [:]) -> Double {
        filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }.reduce(0) { $0 + $1.value }
    }

    /// Whether any sample of `name` has labels including `labels`.
    func has(_ name: String, _ labels: [String: String] = [:]) -> Bool {
        contains { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
    }
}
