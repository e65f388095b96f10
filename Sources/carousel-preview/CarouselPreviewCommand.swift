import ArgumentParser

/// `carousel-preview`: a live preview of carousel physics in the browser.
@main
struct CarouselPreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carousel-preview",
        abstract: "Serve a live, shared carousel preview to browsers over WebSocket.",
        subcommands: [
            ServeCommand.self, ReplayCommand.self, RenderCommand.self, FeelCommand.self, HandoverCommand.self,
            SchemaCommand.self, RenderWorkerCommand.self,
            ReferenceCommand.self,
        ],
        defaultSubcommand: ServeCommand.self
    )
}
