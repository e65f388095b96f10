import CarouselCore

/// Jetpack Compose: a `HorizontalPager` or `VerticalPager` (a lazy row or column for free scroll)
/// whose padding puts a resting page where the preview rests it, with the tuned fling (its decay,
/// the settle spring and how many pages a fling may move), a graphics layer for the side scale and
/// a launched effect for auto-scroll. A loop is a very long pager that starts mid-way.
enum ComposeSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let (before, after) = model.isHorizontal ? ("start", "end") : ("top", "bottom")
        let padding =
            "PaddingValues(\(before) = \(n(model.leadingMargin)).dp, \(after) = \(n(model.trailingMargin)).dp)"
        let pager = model.isHorizontal ? "HorizontalPager" : "VerticalPager"
        let lazy = model.isHorizontal ? "LazyRow" : "LazyColumn"
        let size = "size(width = \(n(c.viewportWidth)).dp, height = \(n(c.viewportHeight)).dp)"
        let cross = model.isHorizontal ? "height" : "width"
        var lines = model.header(for: .compose).map { "// " + $0 } + [""]
        lines += imports(model).map { "import " + $0 } + [""]
        lines += [
            "@Composable",
            "fun TunedCarousel(itemCount: Int, modifier: Modifier = Modifier, item: @Composable (index: Int) -> Unit) {",
            "    if (itemCount == 0) return",
        ]
        let count = c.isLooping ? "Int.MAX_VALUE" : "itemCount"
        let start = c.isLooping ? "Int.MAX_VALUE / 2 - (Int.MAX_VALUE / 2) % itemCount" : "0"
        var body: [String]
        if model.isPaged {
            body = [
                "val state = rememberPagerState(initialPage = \(start), pageCount = { \(count) })",
                "val fling = PagerDefaults.flingBehavior(",
                "    state = state,",
                "    pagerSnapDistance = PagerSnapDistance.atMost(\(model.physics.composeSnapDistance)),",
                "    decayAnimationSpec = exponentialDecay(frictionMultiplier = \(CodeNumber.derived(model.physics.composeFrictionMultiplier))f),",
                "    snapAnimationSpec = spring(dampingRatio = 1f, stiffness = \(n(model.physics.composeSpringStiffness))f),",
                ")",
            ]
            if c.isAutoScrollEnabled {
                body += [
                    "LaunchedEffect(state) {",
                    "    while (true) {",
                    "        delay(\(model.autoScrollMilliseconds))",
                    "        state.animateScrollToPage(\(c.isLooping ? "state.currentPage + 1" : "(state.currentPage + 1) % itemCount"))",
                    "    }",
                    "}",
                ]
            }
            body += [
                "\(pager)(",
                "    state = state,",
                "    modifier = modifier.\(size),",
                "    contentPadding = \(padding),",
                "    pageSize = PageSize.Fixed(\(n(model.itemLength)).dp),",
                "    pageSpacing = \(n(c.spacing)).dp,",
                "    snapPosition = SnapPosition.Start,",
                "    flingBehavior = fling,",
                ") { page ->",
                "    Box(",
                "        Modifier.\(cross)(\(n(model.itemThickness)).dp)",
            ]
            if c.cornerRadius > 0 { body.append("            .clip(\(shape(c)))") }
            if c.sideScale != 1 {
                body += [
                    "            .graphicsLayer {",
                    "                val distance = state.getOffsetDistanceInPages(page).absoluteValue.coerceAtMost(1f)",
                    "                val scale = 1f - (1f - \(n(c.sideScale))f) * distance",
                    "                scaleX = scale",
                    "                scaleY = scale",
                    "            }",
                ]
            }
            body += ["    ) { item(page % itemCount) }", "}"]
        } else {
            let arrangement = model.isHorizontal ? "horizontalArrangement" : "verticalArrangement"
            body = [
                "\(lazy)(",
                "    modifier = modifier.\(size),",
                "    contentPadding = \(padding),",
                "    \(arrangement) = Arrangement.spacedBy(\(n(c.spacing)).dp),",
                ") {",
                "    items(\(count)) { index ->",
                "        Box(Modifier.size(width = \(n(model.isHorizontal ? model.itemLength : model.itemThickness)).dp, height = \(n(model.isHorizontal ? model.itemThickness : model.itemLength)).dp)\(c.cornerRadius > 0 ? ".clip(\(shape(c)))" : "")) { item(index % itemCount) }",
                "    }",
                "}",
            ]
        }
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
    private static func shape(_ c: Configuration) -> String {
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
        } else {
            names += [
                "androidx.compose.foundation.layout.Arrangement",
                "androidx.compose.foundation.lazy.\(model.isHorizontal ? "LazyRow" : "LazyColumn")",
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
        return names.sorted()
    }
}
