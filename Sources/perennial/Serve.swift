import ArgumentParser
import Logging
import PerennialServer
import PerennialStoreModule

/// `perennial serve`: the HTTP API, until SIGTERM or SIGINT.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the HTTP server (default: port 8080, embedded SQLite).")

    @OptionGroup var options: ServerOptions

    @Option(help: "The port to listen on (default 8080).")
    var port: Int?

    @Option(help: "The address to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "Log lines as text or json (one JSON object per line); default: PERENNIAL_LOG_FORMAT, else text.")
    var logFormat: LogFormat?

    func run() async throws {
        let format = try logFormat ?? LogFormat.fromEnvironment()
        // Each line carries the trace and span ids of the span it is written in, when tracing is on.
        switch format {
        case .json:
            LoggingSystem.bootstrap(
                { JSONLinesLogHandler(label: $0, metadataProvider: $1) }, metadataProvider: TracingBootstrap.logMetadataProvider)
        case .text:
            LoggingSystem.bootstrap(StreamLogHandler.standardError, metadataProvider: TracingBootstrap.logMetadataProvider)
        }
        var overrides = options.overrides
        overrides.port = port
        overrides.host = host
        do {
            try await PerennialServer.serve(overrides)
        } catch let error as ConfigurationError {
            throw ValidationError("configuration: \(error)")
        }
    }
}
