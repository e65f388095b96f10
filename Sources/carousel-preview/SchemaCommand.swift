import ArgumentParser
import Foundation
import PreviewProtocol

/// `carousel-preview schema`: prints the JavaScript module of the protocol's schema that the page
/// imports (`public/js/generated/schema.js`), so the page never writes a range, limit, preset value
/// or message name of its own.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract:
            "Print the page's schema module (public/js/generated/schema.js): fields, ranges, presets, limits, message kinds."
    )

    @Flag(
        help: "Print the bundled items' module instead (public/js/generated/catalogs.js), for a page without a server."
    )
    var catalogs = false

    func run() {
        FileHandle.standardOutput.write(Data((catalogs ? PageCatalogs.module : PageSchema.module).utf8))
    }
}
