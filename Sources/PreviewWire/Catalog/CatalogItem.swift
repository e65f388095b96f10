import CarouselCore

/// One item of a session's catalog, a banner or a card: the engine knows its id (and, for a card,
/// its height and kind); the page shows the rest.
public struct CatalogItem: Equatable, Sendable {
    /// Unique within the catalog; the current item keeps its place by this id across changes.
    public var id: String
    /// The banner's headline.
    public var title: String
    /// A line under the title.
    public var subtitle: String
    /// The image every viewer's page shows: empty, an upload's `media:` name, or a path of
    /// `public/`'s bundled folders (`ItemImageAddress` holds the rule; a reader refuses the rest).
    public var image: String
    /// The card feed's card height in points (raised to the viewport's); `nil` for a banner.
    public var height: Double?
    /// The card feed's kind of card (its reuse identifier), for example `photo` or `text`.
    public var kind: String?
    /// A product tile's price, as shown ("€24.90"); empty for none.
    public var price: String
    /// A short label over a product tile ("New", "-20%"); empty for none.
    public var badge: String

    /// Creates a banner or card.
    public init(
        id: String,
        title: String = "",
        subtitle: String = "",
        image: String = "",
        height: Double? = nil,
        kind: String? = nil,
        price: String = "",
        badge: String = ""
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.height = height
        self.kind = kind
        self.price = price
        self.badge = badge
    }

    /// The item as the engine sees it.
    package var engineItem: CarouselItem {
        CarouselItem(id: id, length: height, kind: kind ?? "card")
    }

    /// The most banners a catalog may hold.
    public static let maximumCount = 1000
    /// The longest id, title, subtitle or image path, in characters.
    public static let maximumFieldLength = 512
    /// The kinds of card the page draws. A kind is a page's table key, so only these are taken:
    /// a free name such as `constructor` or `__proto__` would name a member every JavaScript object
    /// inherits.
    public static let kinds = ["card", "photo", "text"]

    /// The banner as protocol JSON.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(id)), ("title", .string(title)), ("subtitle", .string(subtitle)), ("image", .string(image)),
        ]
        if let height { members.append(("height", .number(height))) }
        if let kind { members.append(("kind", .string(kind))) }
        // Written only when set, so a banner's JSON is what it always was.
        if !price.isEmpty { members.append(("price", .string(price))) }
        if !badge.isEmpty { members.append(("badge", .string(badge))) }
        return .object(members)
    }

    /// The first `count` items of `base`, starting over when it runs out; a repeat's id gains `~2`,
    /// `~3`... and its title ` 2`, ` 3`..., so ids stay unique. Empty when `base` is.
    package static func cycled(_ base: [CatalogItem], count: Int) -> [CatalogItem] {
        guard !base.isEmpty else { return [] }
        return (0..<count).map { index in
            var item = base[index % base.count]
            let round = index / base.count
            if round > 0 {
                item.id += "~\(round + 1)"
                item.title += " \(round + 1)"
            }
            return item
        }
    }

    /// Reads a catalog from protocol JSON, naming the first bad field. `fieldLimit` is the longest
    /// text a field may hold: a client's items keep to `maximumFieldLength`; a recording also
    /// carries the server's own catalogs, whose cards hold longer texts.
    package static func catalog(
        from value: JSONValue,
        field: String = "items",
        fieldLimit: Int = maximumFieldLength
    ) throws(ProtocolError) -> [CatalogItem] {
        guard case .array(let elements) = value else {
            throw ProtocolError(.invalidValue, "\(field) must be an array of banners", ref: nil)
        }
        guard elements.count <= maximumCount else {
            throw ProtocolError(
                .invalidValue,
                "\(field) holds \(elements.count) banners; at most \(maximumCount)",
                ref: nil
            )
        }
        var seen = Set<String>()
        var banners: [CatalogItem] = []
        banners.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            let path = "\(field)[\(position)]"
            guard case .object = element else {
                throw ProtocolError(.invalidValue, "\(path) must be an object", ref: nil)
            }
            func text(_ key: String, required: Bool) throws(ProtocolError) -> String {
                switch element[key] {
                case .string(let value):
                    guard value.count <= fieldLimit else {
                        throw ProtocolError(
                            .invalidValue,
                            "\(path).\(key) is longer than \(fieldLimit) characters",
                            ref: nil
                        )
                    }
                    return value
                case nil where !required, .null where !required: return ""
                case nil: throw ProtocolError(.invalidValue, "\(path).\(key) is missing", ref: nil)
                case let other?:
                    throw ProtocolError(
                        .invalidValue,
                        "\(path).\(key) must be a string, got \(other.kindName)",
                        ref: nil
                    )
                }
            }
            var height: Double?
            switch element["height"] {
            case nil, .null?: height = nil
            case .number(let value)?:
                guard value > 0, value <= Configuration.maximumLength else {
                    throw ProtocolError(
                        .invalidValue,
                        "\(path).height must be greater than 0 and at most \(Int(Configuration.maximumLength))",
                        ref: nil
                    )
                }
                height = value
            case let other?:
                throw ProtocolError(.invalidValue, "\(path).height must be a number, got \(other.kindName)", ref: nil)
            }
            let kind = try text("kind", required: false)
            guard kind.isEmpty || kinds.contains(kind) else {
                throw ProtocolError(
                    .invalidValue,
                    "\(path).kind must be one of \(kinds.joined(separator: ", "))",
                    ref: nil
                )
            }
            let banner = CatalogItem(
                id: try text("id", required: true),
                title: try text("title", required: false),
                subtitle: try text("subtitle", required: false),
                image: try image(element["image"], field: "\(path).image"),
                height: height,
                kind: kind.isEmpty ? nil : kind,
                price: try text("price", required: false),
                badge: try text("badge", required: false)
            )
            guard !banner.id.isEmpty else {
                throw ProtocolError(.invalidValue, "\(path).id must not be empty", ref: nil)
            }
            guard seen.insert(banner.id).inserted else {
                throw ProtocolError(
                    .invalidValue,
                    "\(path).id \"\(banner.id)\" is used twice; ids must be unique",
                    ref: nil
                )
            }
            banners.append(banner)
        }
        return banners
    }
}

extension CatalogItem {
    /// An item's `image` as read: absent or null is none; anything but a text following
    /// `ItemImageAddress` is refused, naming `field`.
    private static func image(_ value: JSONValue?, field: String) throws(ProtocolError) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let image)? where ItemImageAddress.isValid(image): return image
        case .string?: throw ItemImageAddress.refusal(at: field)
        case let other?:
            throw ProtocolError(
                .invalidValue,
                "\(field) must be a string, got \(other.kindName)",
                ref: nil,
                field: field
            )
        }
    }

    /// Reads a catalog from a JSON document: an array of `{id, title, subtitle, image}`, each with
    /// an optional `price` and `badge`.
    public static func catalog(fromJSON text: String) throws(ProtocolError) -> [CatalogItem] {
        let document = try JSONParser.parse(text) { ProtocolError(.badJSON, "not valid JSON: \($0)", ref: nil) }
        return try catalog(from: document)
    }
}
