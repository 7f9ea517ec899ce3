import Foundation
import PerennialCore
import PerennialServices

extension ServeProcess {
    /// `perennial serve` with `configuration` as its file (`perennial.yaml` in `directory`, which the caller
    /// made and removes), on `port` (a free loopback port when nil), with `masterKey` (random when nil) and
    /// `databaseURL` (SQLite in the same folder when nil), and none of the test's own `PERENNIAL_` or `OTEL_`
    /// variables.
    static func start(
        executable: URL, configuration: String, in directory: URL, port: Int? = nil, masterKey: String? = nil, databaseURL: String? = nil
    ) throws -> ServeProcess {
        let file = directory.appendingPathComponent("perennial.yaml")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PERENNIAL_") && !$0.key.hasPrefix("OTEL_") }
        environment["PERENNIAL_MASTER_KEY"] = masterKey ?? Hexadecimal.lowercase(SecretBox.generateMasterKey())
        environment["PERENNIAL_DATABASE"] = databaseURL ?? "sqlite://" + directory.appendingPathComponent("perennial.sqlite").path
        let port = try port ?? LoopbackPort.free()
        return try ServeProcess(
            executable: executable, arguments: ["--config", file.path, "--port", "\(port)"], environment: environment,
            directory: directory, port: port, log: directory.appendingPathComponent("serve.log"))
    }
}
