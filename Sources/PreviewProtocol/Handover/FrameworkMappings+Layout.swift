/// Where the items sit: axis, size, gaps, alignment, direction, paging and the item design.
extension FrameworkMappings {
    static let layoutRows: [String: FrameworkRow] = [
        "axis": FrameworkRow(
            swiftUI: .exact("ScrollView(.horizontal) / ScrollView(.vertical)"),
            uiKit: .exact("UICollectionViewCompositionalLayoutConfiguration.scrollDirection"),
            compose: .exact("HorizontalPager / VerticalPager"),
            flutter: .exact("PageView(scrollDirection: Axis.horizontal / Axis.vertical)"),
            swiper: .exact("direction: 'horizontal' / 'vertical'"),
            embla: .exact("axis: 'x' / 'y'"),
            splide: .exact("direction: 'ltr' / 'ttb'")
        ),
        "loop": FrameworkRow(
            swiftUI: .none(note: "a ScrollView does not loop: repeat the items around the real ones"),
            uiKit: .none(note: "a collection view does not loop: repeat the items around the real ones"),
            compose: .close(
                "pageCount = { Int.MAX_VALUE }, page % items, starting mid-way",
                note: "a very long pager, not a loop"
            ),
            flutter: .close(
                "PageView.builder with no itemCount, index % items",
                note: "endless forward only: a start mid-way gives room backward"
            ),
            swiper: .exact("loop: true"),
            embla: .exact("loop: true"),
            splide: .exact("type: 'loop'")
        ),
        "viewportWidth": sizeRow(
            swiftUI: ".frame(width:)",
            compose: "Modifier.width",
            flutter: "SizedBox(width:)",
            css: "width"
        ),
        "viewportHeight": sizeRow(
            swiftUI: ".frame(height:)",
            compose: "Modifier.height",
            flutter: "SizedBox(height:)",
            css: "height"
        ),
        "inset": FrameworkRow(
            swiftUI: .exact(".contentMargins(.horizontal, inset, for: .scrollContent)"),
            uiKit: .exact("section.contentInsets (leading and trailing)"),
            compose: .exact("contentPadding = PaddingValues(horizontal = inset.dp)"),
            flutter: .close(
                "PageController(viewportFraction: (width - 2 × inset) / width)",
                note: "a page is a fraction of the viewport, centred"
            ),
            swiper: .exact("slidesOffsetBefore / slidesOffsetAfter"),
            embla: .exact("align: () => the snap line (px from the viewport's start)"),
            splide: .exact("padding: { left, right }")
        ),
        "spacing": FrameworkRow(
            swiftUI: .exact("LazyHStack(spacing:)"),
            uiKit: .exact("section.interGroupSpacing"),
            compose: .exact("pageSpacing = spacing.dp"),
            flutter: .close("Padding of spacing / 2 on each side of a page", note: "PageView has no spacing"),
            swiper: .exact("spaceBetween"),
            embla: .close("CSS margin-inline-end on the slides", note: "no option: the slides' CSS"),
            splide: .exact("gap")
        ),
        "itemWidth": FrameworkRow(
            swiftUI: .exact(".frame(width:) on each item"),
            uiKit: .exact("NSCollectionLayoutSize(widthDimension: .absolute(width))"),
            compose: .exact("pageSize = PageSize.Fixed(width.dp)"),
            flutter: .close("viewportFraction: width / viewport width", note: "a fraction, not points"),
            swiper: .close("slidesPerView: 'auto' with a CSS width", note: "the width is the slides' CSS"),
            embla: .close("CSS flex: 0 0 width", note: "the width is the slides' CSS"),
            splide: .exact("fixedWidth")
        ),
        "itemHeight": FrameworkRow(
            swiftUI: .exact(".frame(height:) on each item"),
            uiKit: .exact("NSCollectionLayoutSize(heightDimension: .absolute(height))"),
            compose: .exact("Modifier.height(height.dp) on each page"),
            flutter: .exact("SizedBox(height:) around the PageView"),
            swiper: .close("a CSS height on the slides", note: "the height is the slides' CSS"),
            embla: .close("a CSS height on the slides", note: "the height is the slides' CSS"),
            splide: .exact("fixedHeight")
        ),
        "sideScale": FrameworkRow(
            swiftUI: .close(
                ".visualEffect { content, proxy in content.scaleEffect(...) }",
                note: "iOS 17; scale from the distance to the centre"
            ),
            uiKit: .close(
                "section.visibleItemsInvalidationHandler scaling each item",
                note: "scale from the distance to the centre"
            ),
            compose: .close(
                "Modifier.graphicsLayer { scaleX = ...; scaleY = ... }",
                note: "from pagerState.getOffsetDistanceInPages(page)"
            ),
            flutter: .close("Transform.scale from PageController.page", note: "an AnimatedBuilder on the controller"),
            swiper: .close(
                "effect: 'coverflow', coverflowEffect: { scale, rotate: 0, depth: 0 }",
                note: "coverflow's scale"
            ),
            embla: .none(note: "no option: a tween on the scroll event scales the slides"),
            splide: .none(note: "no option: CSS transforms on .is-prev / .is-next slides")
        ),
        "direction": FrameworkRow(
            swiftUI: .exact(".environment(\\.layoutDirection, .rightToLeft)"),
            uiKit: .exact("semanticContentAttribute = .forceRightToLeft"),
            compose: .exact("CompositionLocalProvider(LocalLayoutDirection provides LayoutDirection.Rtl)"),
            flutter: .exact("Directionality(textDirection: TextDirection.rtl)"),
            swiper: .exact("dir=\"rtl\" on the container"),
            embla: .exact("direction: 'rtl'"),
            splide: .exact("direction: 'rtl'")
        ),
        "align": FrameworkRow(
            swiftUI: .exact(".contentMargins(.leading, snap line) with .scrollTargetBehavior(.viewAligned)"),
            uiKit: .exact("section.contentInsets.leading at the snap line, with .groupPaging"),
            compose: .exact("contentPadding start at the snap line, snapPosition = SnapPosition.Start"),
            flutter: .close("padEnds: true (center) / false (start)", note: "no end alignment"),
            swiper: .exact("slidesOffsetBefore at the preview's snap line (centeredSlides would centre item 0)"),
            embla: .exact("align: () => the snap line (the page centred, at the start or at the end)"),
            splide: .exact("padding at the snap line with focus: 0")
        ),
        "itemsPerPage": FrameworkRow(
            swiftUI: .exact(
                ".containerRelativeFrame(.horizontal, count: n, spacing:) with .scrollTargetBehavior(.paging)"
            ),
            uiKit: .exact("a group of n items with .groupPaging"),
            compose: .close("pageSize = PageSize.Fixed(viewport / n)", note: "one page is one item"),
            flutter: .close("viewportFraction: 1 / n", note: "one page is one item"),
            swiper: .exact("slidesPerGroup: n (slidesPerView: 'auto': a number would override the item width)"),
            embla: .exact("slidesToScroll: n"),
            splide: .exact("perMove: n (fixedWidth: perPage would override the item width)")
        ),
        "snapping": FrameworkRow(
            swiftUI: .exact(".scrollTargetBehavior(.viewAligned / .paging), none for free"),
            uiKit: .exact("orthogonalScrollingBehavior .groupPaging / .paging / .continuous"),
            compose: .close(
                "HorizontalPager (item, page); LazyRow with its default fling (free)",
                note: "free scroll is not a pager"
            ),
            flutter: .close("pageSnapping: true / false", note: "free scroll keeps PageView's physics"),
            swiper: .exact("freeMode: false / true"),
            embla: .exact("dragFree: false / true"),
            splide: .exact("drag: true / 'free'")
        ),
        "template": designRow,
        "content": designRow,
    ]

    /// The carousel's own frame, set where it is placed.
    private static func sizeRow(swiftUI: String, compose: String, flutter: String, css: String) -> FrameworkRow {
        let web = FieldMapping.close("the container's CSS \(css)", note: "set in CSS, not an option")
        return FrameworkRow(
            swiftUI: .exact(swiftUI),
            uiKit: .exact("the collection view's frame"),
            compose: .exact("\(compose) on the pager"),
            flutter: .exact(flutter),
            swiper: web,
            embla: web,
            splide: web
        )
    }

    /// How the preview draws its sample items: a team ships its own views.
    private static let designRow: FrameworkRow = {
        let own = FieldMapping.none(note: "your own item views: this is how the preview draws its sample items")
        // The web files carry the items as data and draw them with the template's markup and CSS.
        let web = FieldMapping.close(
            "the items as data, drawn by the file's markup and CSS",
            note: "the preview's page rules (public/style.css) rewritten for a slide; the fonts are the page's"
        )
        return FrameworkRow(swiftUI: own, uiKit: own, compose: own, flutter: own, swiper: web, embla: web, splide: web)
    }()
}
