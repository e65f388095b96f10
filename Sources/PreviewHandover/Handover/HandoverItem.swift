import PreviewWire

/// One item as a handed-over file carries it: the words the template shows and the image, by the
/// name it has in the handover's `images/` folder, so a file is the carousel a designer saw, not
/// only its physics.
public struct HandoverItem: Equatable, Sendable {
    public let title: String
    public let subtitle: String
    /// A product tile's price, as shown ("€24.90"); empty for none.
    public let price: String
    /// A short label over a product tile ("New"); empty for none.
    public let badge: String
    /// The image's file in `images/` ("spring-sale.svg", "upload-0123456789ab.png"); `nil` for an
    /// item without one, or whose upload the session no longer holds.
    public let imageFile: String?

    public init(title: String, subtitle: String, price: String, badge: String, imageFile: String?) {
        self.title = title
        self.subtitle = subtitle
        self.price = price
        self.badge = badge
        self.imageFile = imageFile
    }
}

/// An image a handover needs beside its files: the name the files use and where its bytes are, so
/// the page's Download all and `carousel-preview handover --out` put it in `images/`.
public struct HandoverImage: Equatable, Sendable {
    /// The name in `images/`.
    public let file: String
    /// The item's image address it came from (`banners/spring-sale.svg` or `media:` and a hash).
    public let source: String

    public init(file: String, source: String) {
        self.file = file
        self.source = source
    }

    /// The folder of the handover that holds the images.
    public static let folder = "images"

    /// `{"file":"images/spring-sale.svg","source":"banners/spring-sale.svg"}`.
    public var json: JSONValue {
        .object([("file", .string("\(Self.folder)/\(file)")), ("source", .string(source))])
    }
}
