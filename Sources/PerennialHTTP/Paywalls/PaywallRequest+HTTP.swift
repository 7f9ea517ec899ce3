import Hummingbird
import PerennialServices

extension PaywallRequest {
    /// The request's query (`placement`, `platform`, `device`, `app_version`, `country`, `locale`), checked.
    init(query: Request, placement: String? = nil) throws {
        let parameters = query.uri.queryParameters
        func value(_ name: String) -> String? { parameters.get(name).map { String($0) }.flatMap { $0.isEmpty ? nil : $0 } }
        guard let placement = placement ?? value("placement") else {
            throw PerennialError(.invalidPaywallRequest, "placement: required (?placement=onboarding)")
        }
        try self.init(
            placement: placement, platform: value("platform"), device: value("device"), appVersion: value("app_version"),
            country: value("country"), locale: value("locale"))
    }
}
