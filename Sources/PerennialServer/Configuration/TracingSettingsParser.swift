import PerennialStoreModule

/// Reads `server.tracing`: `enabled`, `endpoint` (an http or https URL), `protocol` (`http/protobuf` or
/// `http/json`), `sample_ratio` (0 to 1) and `service_name`.
enum TracingSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> TracingSettings {
        try node.allowKeys(["enabled", "endpoint", "protocol", "sample_ratio", "service_name"])
        var settings = TracingSettings()
        if let enabled = try node.child("enabled") { settings.enabled = try enabled.boolean() }
        if let endpoint = try node.child("endpoint") { settings.endpoint = try endpoint.httpURL() }
        if let format = try node.child("protocol") {
            guard let value = TracingSettings.WireFormat(rawValue: try format.string()) else {
                throw format.error("expected \(TracingSettings.WireFormat.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            settings.format = value
        }
        if let ratio = try node.child("sample_ratio") {
            guard let value = Double(try ratio.string()), (0...1).contains(value) else { throw ratio.error("must be a number from 0 to 1") }
            settings.sampleRatio = value
        }
        if let name = try node.child("service_name") {
            settings.serviceName = try name.string()
            guard !settings.serviceName.isEmpty else { throw name.error("must not be empty") }
        }
        return settings
    }
}
