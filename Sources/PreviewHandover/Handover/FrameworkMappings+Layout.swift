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
            swiftUI: .exact(
                ".contentMargins(.leading / .trailing, for: .scrollContent): the snap line, and what stops the last rest"
            ),
            uiKit: .exact("section.contentInsets: the snap line, and what stops the last rest"),
            compose: .exact("contentPadding = PaddingValues(start = snap line, end = what stops the last rest)"),
            flutter: .close(
                "padEnds: true, each page's items shifted onto the snap line",
                note:
                    "PageView has no inset: padEnds rests the last page on the snap line too, where a strip aligned to its start stops with its last item at the inset (the file's Layout: line says how far)"
            ),
            swiper: .exact("slidesOffsetBefore / slidesOffsetAfter"),
            embla: .exact("align: () => the snap line (px from the viewport's start)"),
            splide: .exact("padding: { left, right }")
        ),
        "spacing": FrameworkRow(
            swiftUI: .exact("LazyHStack(spacing:)"),
            uiKit: .exact("section.interGroupSpacing"),
            compose: .exact("pageSpacing = spacing.dp"),
            flutter: .exact("a page one gap longer than its items: viewportFraction = n × (width + gap) / viewport"),
            swiper: .exact("spaceBetween"),
            embla: .close("CSS margin-inline-end on the slides", note: "no option: the slides' CSS"),
            splide: .exact("gap")
        ),
        "itemWidth": FrameworkRow(
            swiftUI: .exact(
                ".frame(width:) on each item; auto: the container's width less both insets (GeometryReader)"
            ),
            uiKit: .exact(
                "NSCollectionLayoutSize(widthDimension: .absolute(width)); auto: .fractionalWidth(1) inside the insets"
            ),
            compose: .exact("pageSize = PageSize.Fixed(width.dp)"),
            flutter: .exact("SizedBox(width:) on each item, in a page of viewportFraction (width + gap) / viewport"),
            swiper: .close("slidesPerView: 'auto' with a CSS width", note: "the width is the slides' CSS"),
            embla: .close("CSS flex: 0 0 width", note: "the width is the slides' CSS"),
            splide: .exact("fixedWidth")
        ),
        "itemHeight": FrameworkRow(
            swiftUI: .exact(".frame(height:) on each item"),
            uiKit: .exact("NSCollectionLayoutSize(heightDimension: .absolute(height))"),
            compose: .exact("Modifier.height(height.dp) on each page"),
            flutter: .exact("SizedBox(height:) on each item, centred across the PageView"),
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
            swiftUI: .close(
                ".contentMargins(.leading, snap line) with .scrollTargetBehavior(.viewAligned)",
                note:
                    "end: the first pages rest on the snap line, not from the start inset (the file's Layout: line says how far)"
            ),
            uiKit: .close(
                "section.contentInsets.leading at the snap line, with .groupPaging",
                note:
                    "end: the first pages rest on the snap line, not from the start inset (the file's Layout: line says how far)"
            ),
            compose: .close(
                "contentPadding start at the snap line, snapPosition = SnapPosition.Start",
                note:
                    "end: the first pages rest on the snap line, not from the start inset (the file's Layout: line says how far)"
            ),
            flutter: .close(
                "padEnds: true, each page's items shifted onto the snap line",
                note:
                    "end: the first pages rest on the snap line, not from the start inset (the file's Layout: line says how far)"
            ),
            swiper: .exact("slidesOffsetBefore at the preview's snap line (centeredSlides would centre item 0)"),
            embla: .exact("align: () => the snap line (the page centred, at the start or at the end)"),
            splide: .exact("padding at the snap line with focus: 0")
        ),
        "itemsPerPage": FrameworkRow(
            swiftUI: .exact("a stack of n items a scroll target, with .scrollTargetBehavior(.viewAligned)"),
            uiKit: .exact("a group of n items with .groupPaging"),
            compose: .exact("a Row of n items a page: pageSize = PageSize.Fixed(n × width + (n - 1) × gap)"),
            flutter: .exact("a Row of n items a page: viewportFraction = n × (width + gap) / viewport"),
            swiper: .exact("slidesPerGroup: n (slidesPerView: 'auto': a number would override the item width)"),
            embla: .exact("slidesToScroll: n"),
            splide: .exact("perMove: n (fixedWidth: perPage would override the item width)")
        ),
        "snapping": FrameworkRow(
            swiftUI: .exact(".scrollTargetBehavior(.viewAligned / .paging), none for free"),
            uiKit: .exact("orthogonalScrollingBehavior .groupPaging / .paging / .continuous"),
            compose: .exact("HorizontalPager (item, page); LazyRow with a fling of the tuned decay (free)"),
            flutter: .exact("pageSnapping: true / false, free with a coast of the tuned rate"),
            swiper: .exact("freeMode: false / true"),
            embla: .exact("dragFree: false / true"),
            splide: .exact("drag: true / 'free'")
        ),
        "template": designRow(
            native: "TunedCarouselItemView (UIKit: TunedCarouselCell): the template as the preview draws it"
        ),
        "content": designRow(native: "tunedCarouselItems: the session's items, their images by name from images/"),
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

    /// The items and how the preview draws them: every file carries the items, the native ones with
    /// the template as a view of their own, the web ones as markup and CSS.
    private static func designRow(native: String) -> FrameworkRow {
        let carried = FieldMapping.exact(native)
        // The web files carry the items as data and draw them with the template's markup and CSS.
        let web = FieldMapping.close(
            "the items as data, drawn by the file's markup and CSS",
            note: "the preview's page rules (public/style.css) rewritten for a slide; the fonts are the page's"
        )
        return FrameworkRow(
            swiftUI: carried,
            uiKit: carried,
            compose: carried,
            flutter: carried,
            swiper: web,
            embla: web,
            splide: web
        )
    }
}
