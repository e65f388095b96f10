/// The product tiles a session shows with `content: products`: a square image, a title, a
/// subtitle, a price and, on some, a badge; their images ship in `public/products/`.
public enum BundledProducts {
    public static let all: [CatalogItem] = [
        product("trail-runner", "Trail Runner", "Lightweight running shoe", "€89.00", badge: "New"),
        product("studio-headphones", "Studio Headphones", "Wireless, 30 h battery", "€129.00", badge: "-20%"),
        product("ceramic-mug", "Ceramic Mug", "Hand-glazed, 350 ml", "€14.50"),
        product("city-backpack", "City Backpack", "Water-resistant, 20 l", "€59.00", badge: "Bestseller"),
        product("field-watch", "Field Watch", "Steel case, leather strap", "€149.00"),
        product("monstera", "Monstera Plant", "In a 17 cm pot", "€24.90", badge: "Eco"),
    ]

    private static func product(
        _ id: String,
        _ title: String,
        _ subtitle: String,
        _ price: String,
        badge: String = ""
    ) -> CatalogItem {
        CatalogItem(id: id, title: title, subtitle: subtitle, image: "products/\(id).svg", price: price, badge: badge)
    }
}
