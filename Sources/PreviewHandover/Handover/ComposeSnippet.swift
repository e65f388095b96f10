import CarouselCore

/// Jetpack Compose: a `HorizontalPager` or `VerticalPager` (a lazy row or column for free scroll)
/// whose padding puts a resting page where the preview rests it, with the tuned fling (its decay,
/// the settle spring and how many pages a fling may move), a graphics layer for the side scale and
/// a launched effect for auto-scroll. A loop is a very long pager that starts mid-way.
enum ComposeSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let geometry = NativeGeometry(model)
        let n = CodeNumber.text
        let (before, after) = model.isHorizontal ? ("start", "end") : ("top", "bottom")
        let trailing = model.isPaged ? geometry.trailingMarginAfterPages : geometry.trailingMarginAfterItems
        let padding = "PaddingValues(\(before) = \(n(geometry.snapLine)).dp, \(after) = \(n(trailing)).dp)"
        let size = "size(width = \(n(c.viewportWidth)).dp, height = \(n(c.viewportHeight)).dp)"
        var lines =
            (model.header(for: .compose)
            + geometry.layoutNotes(
                overshoot: (model.isPaged ? geometry.overshootAfterPages : geometry.overshootAfterItems)
            )).map { "// " + $0 } + [
                "// Written for Jetpack Compose foundation 1.7 (androidx.compose.foundation:foundation:1.7.0 or later):",
                "// HorizontalPager's snapPosition is 1.7's.",
                "",
            ]
        lines += imports(model).map { "import " + $0 } + [""]
        lines += [
            "@Composable",
            "fun TunedCarousel(itemCount: Int, modifier: Modifier = Modifier, item: @Composable (index: Int) -> Unit) {",
            "    if (itemCount == 0) return",
        ]
        let body =
            model.isPaged ? pager(model, padding: padding, size: size) : freeScroll(model, padding: padding, size: size)
        let indent = model.isRightToLeft ? "        " : "    "
        if model.isRightToLeft {
            lines.append("    CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Rtl) {")
        }
        lines += body.map { indent + $0 }
        if model.isRightToLeft { lines.append("    }") }
        lines.append("}")
        let (scale, words) =
            c.imageFit == .cover ? ("Crop", "filling the item, cut at its edges") : ("Fit", "whole inside the item")
        lines += [
            "",
            "/** An item's image as the preview fits it (imageFit \(c.imageFit.rawValue)): \(words). Pass it as an Image's contentScale. */",
            "val TunedCarouselImageScale: ContentScale = ContentScale.\(scale)",
        ]
        lines += items(model)
        if !model.isPaged { lines += decayFling }
        if model.fitsMaterialCarousel { lines += material(model) }
        return model.snippet(.compose, file: "TunedCarousel.kt", lines: lines)
    }

    /// The same strip as Material 3's carousel, for a team that ships Material components: its
    /// items keep their width, one a swipe (or free); its settle and coast are Material's own.
    private static func material(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let fling =
            model.isPaged
            ? "CarouselDefaults.singleAdvanceFlingBehavior(state)" : "CarouselDefaults.noSnapFlingBehavior()"
        return [
            "",
            "// Or Material 3's carousel (material3 1.3), which holds this strip: the item width, gap and",
            "// inset as above; its settle and coast are Material's own, not the tuned ones.",
            "@OptIn(ExperimentalMaterial3Api::class)",
            "@Composable",
            "fun TunedM3Carousel(itemCount: Int, modifier: Modifier = Modifier, item: @Composable (index: Int) -> Unit) {",
            "    val state = rememberCarouselState(itemCount = { itemCount })",
            "    HorizontalUncontainedCarousel(",
            "        state = state,",
            "        itemWidth = \(n(model.itemLength)).dp,",
            "        modifier = modifier.size(width = \(n(c.viewportWidth)).dp, height = \(n(c.viewportHeight)).dp),",
            "        itemSpacing = \(n(c.spacing)).dp,",
            "        flingBehavior = \(fling),",
            "        contentPadding = PaddingValues(start = \(n(model.leadingMargin)).dp, end = \(n(model.trailingMargin)).dp),",
            "    ) { index -> Box(Modifier.maskClip(\(shape(c)))) { item(index) } }",
            "}",
        ]
    }

    /// An item's rounded corners (cornerRadius).
    static func shape(_ c: Configuration) -> String {
        "RoundedCornerShape(\(CodeNumber.text(c.cornerRadius)).dp)"
    }

    private static func imports(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        var names = [
            "androidx.compose.ui.layout.ContentScale",
            "androidx.compose.foundation.layout.Box",
            "androidx.compose.foundation.layout.PaddingValues",
            "androidx.compose.foundation.layout.size",
            "androidx.compose.runtime.Composable",
            "androidx.compose.ui.Modifier",
            "androidx.compose.ui.unit.dp",
        ]
        if model.isPaged {
            names += [
                "androidx.compose.animation.core.exponentialDecay",
                "androidx.compose.animation.core.spring",
                "androidx.compose.foundation.gestures.snapping.SnapPosition",
                "androidx.compose.foundation.layout.\(model.isHorizontal ? "height" : "width")",
                "androidx.compose.foundation.pager.\(model.isHorizontal ? "HorizontalPager" : "VerticalPager")",
                "androidx.compose.foundation.pager.PageSize",
                "androidx.compose.foundation.pager.PagerDefaults",
                "androidx.compose.foundation.pager.PagerSnapDistance",
                "androidx.compose.foundation.pager.rememberPagerState",
            ]
            if c.itemsPerPage > 1 {
                names += [
                    "androidx.compose.foundation.layout.Arrangement",
                    "androidx.compose.foundation.layout.\(model.isHorizontal ? "Row" : "Column")",
                ]
            }
        } else {
            names += [
                "androidx.compose.animation.core.AnimationState",
                "androidx.compose.animation.core.DecayAnimationSpec",
                "androidx.compose.animation.core.animateDecay",
                "androidx.compose.animation.core.exponentialDecay",
                "androidx.compose.foundation.gestures.FlingBehavior",
                "androidx.compose.foundation.gestures.ScrollScope",
                "androidx.compose.foundation.layout.Arrangement",
                "androidx.compose.foundation.lazy.\(model.isHorizontal ? "LazyRow" : "LazyColumn")",
                "androidx.compose.runtime.remember",
                "kotlin.math.abs",
            ]
        }
        if model.isPaged, c.isAutoScrollEnabled {
            names += ["androidx.compose.runtime.LaunchedEffect", "kotlinx.coroutines.delay"]
        }
        if model.isPaged, c.sideScale != 1 {
            names += ["androidx.compose.ui.graphics.graphicsLayer", "kotlin.math.absoluteValue"]
        }
        if model.fitsMaterialCarousel {
            names += [
                "androidx.compose.material3.ExperimentalMaterial3Api",
                "androidx.compose.material3.carousel.CarouselDefaults",
                "androidx.compose.material3.carousel.HorizontalUncontainedCarousel",
                "androidx.compose.material3.carousel.rememberCarouselState",
            ]
        }
        if c.cornerRadius > 0 || model.fitsMaterialCarousel {
            names.append("androidx.compose.foundation.shape.RoundedCornerShape")
        }
        if c.cornerRadius > 0 { names.append("androidx.compose.ui.draw.clip") }
        if model.isRightToLeft {
            names += [
                "androidx.compose.runtime.CompositionLocalProvider",
                "androidx.compose.ui.platform.LocalLayoutDirection",
                "androidx.compose.ui.unit.LayoutDirection",
            ]
        }
        return Array(Set(names + itemImports)).sorted()
    }
}
