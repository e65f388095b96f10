import CarouselCore

/// The two layouts a Compose file writes: a pager of pages of `itemsPerPage` items (a page is one
/// snap target, so the fling's `atMost` counts pages as the preview's `maxItemsPerFlick` counts
/// snap points), or a lazy row whose fling coasts with the tuned decay (the default fling is
/// Compose's spline, whatever the rate).
extension ComposeSnippet {
    static func pager(_ model: HandoverModel, padding: String, size: String) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let k = c.itemsPerPage
        let pages = k > 1 ? "(itemCount + \(k - 1)) / \(k)" : "itemCount"
        let count = c.isLooping ? "Int.MAX_VALUE" : pages
        let start = c.isLooping ? "Int.MAX_VALUE / 2 - (Int.MAX_VALUE / 2) % itemCount" : "0"
        var body = [
            "val state = rememberPagerState(initialPage = \(start), pageCount = { \(count) })",
            "val fling = PagerDefaults.flingBehavior(",
            "    state = state,",
            "    pagerSnapDistance = PagerSnapDistance.atMost(\(model.physics.composeSnapDistance)),",
            "    decayAnimationSpec = exponentialDecay(frictionMultiplier = \(CodeNumber.derived(model.physics.composeFrictionMultiplier))f),",
            "    snapAnimationSpec = spring(dampingRatio = 1f, stiffness = \(n(model.physics.composeSpringStiffness))f),",
            ")",
        ]
        if c.isAutoScrollEnabled {
            let next = c.isLooping ? "state.currentPage + 1" : "(state.currentPage + 1) % state.pageCount"
            body += [
                "LaunchedEffect(state) {",
                "    while (true) {",
                "        delay(\(model.autoScrollMilliseconds))",
                "        state.animateScrollToPage(\(next))",
                "    }",
                "}",
            ]
        }
        body += [
            "\(model.isHorizontal ? "HorizontalPager" : "VerticalPager")(",
            "    state = state,",
            "    modifier = modifier.\(size),",
            "    contentPadding = \(padding),",
            "    pageSize = PageSize.Fixed(\(n(model.pageLength)).dp),",
            "    pageSpacing = \(n(c.spacing)).dp,",
            "    snapPosition = SnapPosition.Start,",
            "    flingBehavior = fling,",
            ") { page ->",
        ]
        let scale = c.sideScale != 1 ? sideScale(c) : []
        if k == 1 {
            body.append("    Box(")
            body.append("        Modifier.\(model.isHorizontal ? "height" : "width")(\(n(model.itemThickness)).dp)")
            if c.cornerRadius > 0 { body.append("            .clip(\(shape(c)))") }
            body += scale
            body += ["    ) { item(page % itemCount) }", "}"]
            return body
        }
        let (line, arrangement) =
            model.isHorizontal ? ("Row", "horizontalArrangement") : ("Column", "verticalArrangement")
        body.append("    \(line)(")
        var modifier = ["        modifier = Modifier"] + scale
        modifier[modifier.count - 1] += ","
        body += modifier
        body += [
            "        \(arrangement) = Arrangement.spacedBy(\(n(c.spacing)).dp),",
            "    ) {",
            "        for (slot in 0 until \(k)) {",
            "            // Wide enough for any page of a very long pager.",
            "            val index = page.toLong() * \(k) + slot",
        ]
        if !c.isLooping { body.append("            if (index >= itemCount) break") }
        body.append("            Box(\(itemModifier(model))) { item((index % itemCount).toInt()) }")
        body += ["        }", "    }", "}"]
        return body
    }

    static func freeScroll(_ model: HandoverModel, padding: String, size: String) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let count = c.isLooping ? "Int.MAX_VALUE" : "itemCount"
        let arrangement = model.isHorizontal ? "horizontalArrangement" : "verticalArrangement"
        let friction = CodeNumber.derived(model.physics.composeFrictionMultiplier)
        return [
            "val decay = remember { exponentialDecay<Float>(frictionMultiplier = \(friction)f) }",
            "val fling = remember(decay) { TunedDecayFling(decay) }",
            "\(model.isHorizontal ? "LazyRow" : "LazyColumn")(",
            "    modifier = modifier.\(size),",
            "    contentPadding = \(padding),",
            "    \(arrangement) = Arrangement.spacedBy(\(n(c.spacing)).dp),",
            "    flingBehavior = fling,",
            ") {",
            "    items(\(count)) { index ->",
            "        Box(\(itemModifier(model))) { item(index % itemCount) }",
            "    }",
            "}",
        ]
    }

    /// A fling that coasts with the tuned decay until the list's end stops it.
    static let decayFling = [
        "",
        "/** A fling that coasts with the tuned decay: LazyRow's default fling is Compose's spline, whatever the rate. */",
        "private class TunedDecayFling(private val decay: DecayAnimationSpec<Float>) : FlingBehavior {",
        "    override suspend fun ScrollScope.performFling(initialVelocity: Float): Float {",
        "        if (abs(initialVelocity) < 1f) return initialVelocity",
        "        var velocityLeft = initialVelocity",
        "        var previous = 0f",
        "        AnimationState(initialValue = 0f, initialVelocity = initialVelocity).animateDecay(decay) {",
        "            val delta = value - previous",
        "            val consumed = scrollBy(delta)",
        "            previous = value",
        "            velocityLeft = velocity",
        "            // The list's end took the rest: what is left is the overscroll's.",
        "            if (abs(delta - consumed) > 0.5f) cancelAnimation()",
        "        }",
        "        return velocityLeft",
        "    }",
        "}",
    ]

    /// One item's box: its size along and across the axis, and its corners.
    private static func itemModifier(_ model: HandoverModel) -> String {
        let c = model.configuration
        let n = CodeNumber.text
        let (width, height) =
            model.isHorizontal ? (model.itemLength, model.itemThickness) : (model.itemThickness, model.itemLength)
        let clip = c.cornerRadius > 0 ? ".clip(\(shape(c)))" : ""
        return "Modifier.size(width = \(n(width)).dp, height = \(n(height)).dp)\(clip)"
    }

    /// The preview's scale on a page: 1 at rest, `sideScale` a page or more away.
    private static func sideScale(_ c: Configuration) -> [String] {
        [
            "            .graphicsLayer {",
            "                val distance = state.getOffsetDistanceInPages(page).absoluteValue.coerceAtMost(1f)",
            "                val scale = 1f - (1f - \(CodeNumber.text(c.sideScale))f) * distance",
            "                scaleX = scale",
            "                scaleY = scale",
            "            }",
        ]
    }
}
