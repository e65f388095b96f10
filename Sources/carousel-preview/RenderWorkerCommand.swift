import ArgumentParser
import Foundation
import PreviewServer

/// `carousel-preview render-worker`: what the server runs each render in. Not for people: it reads
/// one job from its standard input and writes its reports to its standard output
/// (`Sources/PreviewServer/Render/RenderJobRunner.swift`), under limits it sets itself first.
struct RenderWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-worker",
        abstract: "Draw one render job from standard input (the server runs this; not for people).",
        shouldDisplay: false
    )

    @Option(name: .customLong("public"), help: "The page's directory, where the items' images are.")
    var publicDirectory = ServerOptions.standard.publicDirectory

    func run() throws {
        Foundation.exit(RenderJobRunner.run(publicDirectory: publicDirectory))
    }
}
