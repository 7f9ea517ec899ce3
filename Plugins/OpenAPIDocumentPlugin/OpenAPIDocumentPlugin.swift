import PackagePlugin

/// Compiles `openapi.yaml` (the package's root) into the target as `OpenAPIDocument.yaml`, at build time, so
/// the binary serves the contract without a file beside it and the document has one copy, the one people edit.
@main
struct OpenAPIDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let document = context.package.directoryURL.appending(path: "openapi.yaml")
        let source = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocument.swift")
        return [
            .buildCommand(
                displayName: "Embedding openapi.yaml in \(target.name)",
                executable: try context.tool(named: "EmbedOpenAPIDocument").url,
                arguments: [document.path(percentEncoded: false), source.path(percentEncoded: false)],
                inputFiles: [document],
                outputFiles: [source]
            )
        ]
    }
}
