import CarouselCore
import PreviewWire

/// The bundled item sets as the page's module `public/js/generated/catalogs.js`: what a page run
/// without a server (public/js/session/browsersession.js) shows, as a server's welcome would carry
/// them. Loaded only then, so a page on a server never fetches it.
public enum PageCatalogs {
    public static var json: JSONValue {
        let catalogs = ItemCatalogs.bundled
        return .object(
            Configuration.ItemContent.allCases.compactMap { content in
                catalogs.catalog(for: content).map { (content.rawValue, .array($0.map(\.json))) }
            }
        )
    }

    public static var module: String {
        PageSchema.moduleText(
            exporting: "CATALOGS",
            json,
            from: "the bundled items\n// (Sources/PreviewWire/Catalog)"
        )
    }
}
