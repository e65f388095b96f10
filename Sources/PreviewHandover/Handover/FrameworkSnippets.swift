/// Every framework's snippet of one configuration, in `ExportTarget`'s order; this engine's own
/// Swift is `ConfigurationExport`'s.
public enum FrameworkSnippets {
    public static func write(_ model: HandoverModel) -> [HandoverSnippet] {
        ExportTarget.allCases.compactMap { target in
            switch target {
            case .engine: nil
            case .swiftUI: SwiftUISnippet.write(model)
            case .uiKit: UIKitSnippet.write(model)
            case .compose: ComposeSnippet.write(model)
            case .flutter: FlutterSnippet.write(model)
            case .swiper: SwiperSnippet.write(model)
            case .embla: EmblaSnippet.write(model)
            case .splide: SplideSnippet.write(model)
            }
        }
    }
}
