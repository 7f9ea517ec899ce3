import Foundation
import PerennialServices
import PerennialTesting
import Testing

/// `deploy/alerts.yaml` and `deploy/grafana-dashboard.json` query only what `GET /metrics` exposes, the
/// alerts the operators' guide promises exist, and the guide lists every family.
@Suite("Deployment files")
struct DeploymentFilesTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The families a text names (`perennial_…`, a histogram's `_bucket`, `_sum` and `_count` taken off).
    static func families(in text: String) -> Set<String> {
        let names = text.matches(of: /perennial_[a-z_]+/).map { String($0.output) }
        return Set(names.map { name in
            for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) && !Telemetry.Family.all.contains(name) {
                return String(name.dropLast(suffix.count))
            }
            return name
        })
    }

    @Test func theDashboardAndTheAlertsQueryOnlyExposedFamilies() throws {
        let dashboard = try Self.text("deploy/grafana-dashboard.json")
        #expect(try JSONSerialization.jsonObject(with: Data(dashboard.utf8)) is [String: Any])
        let alerts = try Self.text("deploy/alerts.yaml")
        for file in [dashboard, alerts] {
            let unknown = Self.families(in: file).subtracting(Telemetry.Family.all)
            #expect(unknown.isEmpty, "not exposed: \(unknown.sorted())")
        }
        #expect(Self.families(in: dashboard).count >= 12)
        for alert in ["PerennialNotificationsRejected", "PerennialJobsAging", "PerennialWebhooksFailing", "PerennialStoreUnavailable"] {
            #expect(alerts.contains("- alert: \(alert)\n"))
        }
    }

    @Test func theOperatorsGuideListsEveryFamily() throws {
        let guide = try Self.text("docs/operating.md")
        for family in Telemetry.Family.all.sorted() {
            #expect(guide.contains("`\(family)`"), "docs/operating.md does not list \(family)")
        }
    }
}
