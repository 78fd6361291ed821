import Foundation
import PackagePlugin

/// Embeds `docs/openapi.yaml`, the service's one contract, in the `ActivationService` module at
/// build time, so that `GET /openapi.yaml` serves exactly the file in the repository and a binary
/// copied anywhere needs no resource bundle beside it.
///
/// Generates `OpenAPIDocument+Embedded.swift`, which holds the file as one base64 string literal
/// (one literal compiles at once, whatever the file's size or characters); rebuilt whenever the
/// file changes. Runs `/bin/sh` and coreutils' `base64`.
@main
struct EmbedOpenAPI: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let spec = context.package.directoryURL.appending(path: "docs/openapi.yaml")
        let output = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocument+Embedded.swift")
        let script = #"""
            { printf '// Generated at build time from docs/openapi.yaml by the EmbedOpenAPI plugin; do not edit.\n'
              printf 'extension OpenAPIDocument {\n    /// docs/openapi.yaml, base64.\n    static let embeddedBase64 = "'
              base64 -w0 "$1"
              printf '"\n}\n'
            } > "$2"
            """#
        return [
            .buildCommand(
                displayName: "Embedding docs/openapi.yaml",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "embed-openapi", spec.path, output.path],
                inputFiles: [spec],
                outputFiles: [output]
            )
        ]
    }
}
