/// The banners a session starts with unless `--items` names others; their images ship in
/// `public/banners/`, so the preview works with no network.
public enum BundledBanners {
    public static let all: [CatalogItem] = [
        CatalogItem(
            id: "spring-sale",
            title: "Spring Sale",
            subtitle: "Up to 40% off everything green",
            image: "banners/spring-sale.svg"
        ),
        CatalogItem(
            id: "new-arrivals",
            title: "New Arrivals",
            subtitle: "Fresh picks, every Monday",
            image: "banners/new-arrivals.svg"
        ),
        CatalogItem(
            id: "free-delivery",
            title: "Free Delivery",
            subtitle: "On orders over 30",
            image: "banners/free-delivery.svg"
        ),
        CatalogItem(
            id: "members-week",
            title: "Members' Week",
            subtitle: "Early access and double points",
            image: "banners/members-week.svg"
        ),
        CatalogItem(
            id: "night-market",
            title: "Night Market",
            subtitle: "Street food from 6 pm",
            image: "banners/night-market.svg"
        ),
    ]

    /// The same banners with Arabic titles, for a right-to-left carousel: the preview's sample of
    /// text that reads from the right, which the page draws `dir=rtl` and right-aligned.
    public static let arabic: [CatalogItem] = [
        CatalogItem(
            id: "ar-spring-sale",
            title: "تخفيضات الربيع",
            subtitle: "خصم حتى ٤٠٪ على كل ما هو أخضر",
            image: "banners/spring-sale.svg"
        ),
        CatalogItem(
            id: "ar-new-arrivals",
            title: "وصل حديثًا",
            subtitle: "اختيارات جديدة كل يوم اثنين",
            image: "banners/new-arrivals.svg"
        ),
        CatalogItem(
            id: "ar-free-delivery",
            title: "توصيل مجاني",
            subtitle: "للطلبات فوق ٣٠",
            image: "banners/free-delivery.svg"
        ),
        CatalogItem(
            id: "ar-members-week",
            title: "أسبوع الأعضاء",
            subtitle: "وصول مبكر ونقاط مضاعفة",
            image: "banners/members-week.svg"
        ),
        CatalogItem(
            id: "ar-night-market",
            title: "سوق الليل",
            subtitle: "أكل الشارع من السادسة مساءً",
            image: "banners/night-market.svg"
        ),
    ]
}
