/// The code a tuned configuration is handed over in: this engine's own Swift, and the frameworks
/// teams ship.
public enum ExportTarget: String, CaseIterable, Sendable {
    case engine = "swift"
    case swiftUI = "swiftui"
    case uiKit = "uikit"
    case compose
    case flutter
    case swiper
    case embla
    case splide

    /// As the page and the docs name it.
    public var title: String {
        switch self {
        case .engine: "This engine (Swift)"
        case .swiftUI: "SwiftUI"
        case .uiKit: "UIKit"
        case .compose: "Jetpack Compose"
        case .flutter: "Flutter"
        case .swiper: "Swiper"
        case .embla: "Embla Carousel"
        case .splide: "Splide"
        }
    }
}
