/// One configuration field in every framework a handover targets: a value of this type names each,
/// so a row cannot leave one out. This engine's own Swift needs no row: it sets every field
/// (`Configuration`'s `swiftName`).
public struct FrameworkRow: Sendable {
    public let swiftUI: FieldMapping
    public let uiKit: FieldMapping
    public let compose: FieldMapping
    public let flutter: FieldMapping
    public let swiper: FieldMapping
    public let embla: FieldMapping
    public let splide: FieldMapping

    /// The field in `target`; this engine's own Swift sets it as `swiftName`.
    public func mapping(for target: ExportTarget, swiftName: String) -> FieldMapping {
        switch target {
        case .engine: .exact("configuration.\(swiftName)")
        case .swiftUI: swiftUI
        case .uiKit: uiKit
        case .compose: compose
        case .flutter: flutter
        case .swiper: swiper
        case .embla: embla
        case .splide: splide
        }
    }
}
