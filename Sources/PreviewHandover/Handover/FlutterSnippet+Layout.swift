/// A Flutter file's page (its items, shifted onto the snap line) and its physics.
extension FlutterSnippet {
    /// `_page`: a page's items from its leading edge with the gap between them, centred across, the
    /// page's shift before them and the rest of the gap after; `_item`: one item, its corners cut.
    static func page(_ model: HandoverModel, _ geometry: NativeGeometry) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let k = c.itemsPerPage
        let horizontal = model.isHorizontal
        let (width, height) =
            horizontal ? (model.itemLength, model.itemThickness) : (model.itemThickness, model.itemLength)
        let box = { (index: String) in
            "SizedBox(width: \(n(width)), height: \(n(height)), child: _item(context, \(index), page))"
        }
        let index = c.isLooping ? "(page * \(k) + slot) % widget.itemCount" : "page * \(k) + slot"
        var items: [String]
        if k == 1 {
            let one = c.isLooping ? "page % widget.itemCount" : "page"
            items = ["final items = Center(child: \(box(one)));"]
        } else {
            let gap = horizontal ? "SizedBox(width: \(n(c.spacing)))" : "SizedBox(height: \(n(c.spacing)))"
            let bound = c.isLooping ? "" : "if (page * \(k) + slot < widget.itemCount) "
            items = [
                "final items = \(horizontal ? "Row" : "Column")(children: [",
                "  for (var slot = 0; slot < \(k); slot++)",
                "    \(bound)...[",
                "      if (slot > 0) const \(gap),",
                "      \(box(index)),",
                "    ],",
                "]);",
            ]
        }
        var body = [
            "/// Page `page`: \(k == 1 ? "its item" : "its items"), shifted \(n(geometry.flutterShift)) from the page's leading edge.",
            "Widget _page(BuildContext context, int page) {",
        ]
        body += items.map { "  " + $0 }
        body += shifted(model, geometry).map { "  " + $0 }
        body += ["}", ""]
        body += item(model)
        return body
    }

    /// The page's items moved onto the snap line: inside the page when the shift fits in the gap,
    /// else by a translation (the file then builds a page either side of the viewport).
    private static func shifted(_ model: HandoverModel, _ geometry: NativeGeometry) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let shift = geometry.flutterShift
        let (start, end) = model.isHorizontal ? ("start", "end") : ("top", "bottom")
        let insets = model.isHorizontal ? "EdgeInsetsDirectional.only" : "EdgeInsets.only"
        guard !geometry.flutterShiftFitsGap else {
            return [
                "return Padding(padding: const \(insets)(\(start): \(n(shift)), \(end): \(n(c.spacing - shift))), child: items);"
            ]
        }
        let along = model.isRightToLeft ? -shift : shift
        let offset = model.isHorizontal ? "Offset(\(n(along)), 0)" : "Offset(0, \(n(shift)))"
        return [
            "return Transform.translate(",
            "  offset: const \(offset),",
            "  child: Padding(padding: const \(insets)(\(end): \(n(c.spacing))), child: items),",
            ");",
        ]
    }

    /// One item: the caller's widget, its corners cut, scaled as the preview scales the side items.
    private static func item(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        var inner = "widget.itemBuilder(context, index)"
        if c.cornerRadius > 0 {
            inner = "ClipRRect(borderRadius: BorderRadius.circular(\(n(c.cornerRadius))), child: \(inner))"
        }
        guard c.sideScale != 1 else {
            return ["Widget _item(BuildContext context, int index, int page) => \(inner);"]
        }
        return [
            "Widget _item(BuildContext context, int index, int page) {",
            "  return AnimatedBuilder(",
            "    animation: _controller,",
            "    builder: (context, child) {",
            "      final at = _controller.hasClients && _controller.position.haveDimensions",
            "          ? _controller.page ?? 0.0",
            "          : _controller.initialPage.toDouble();",
            "      final distance = (at - page).abs().clamp(0.0, 1.0);",
            "      return Transform.scale(scale: 1 - (1 - \(n(c.sideScale))) * distance, child: child);",
            "    },",
            "    child: \(inner),",
            "  );",
            "}",
        ]
    }

    /// A pager's settle spring and fling threshold, or a free scroll's coast of the tuned rate:
    /// FrictionSimulation keeps `drag` of the velocity each second, r^1000 for a rate r a millisecond.
    static func physics(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let p = model.physics
        let base = model.isPaged ? "PageScrollPhysics" : "ScrollPhysics"
        let edge = c.isLooping ? "ClampingScrollPhysics()" : "BouncingScrollPhysics()"
        var lines = [
            "/// The tuned motion: the settle spring and fling threshold, or the coast's rate.",
            "class TunedCarouselPhysics extends \(base) {",
            "  const TunedCarouselPhysics({super.parent = const \(edge)});",
            "",
            "  @override",
            "  TunedCarouselPhysics applyTo(ScrollPhysics? ancestor) => TunedCarouselPhysics(parent: buildParent(ancestor));",
            "",
            "  @override",
            "  SpringDescription get spring =>",
            "      const SpringDescription(mass: 1, stiffness: \(n(p.composeSpringStiffness)), damping: \(n(p.flutterSpringDamping)));",
            "",
            "  @override",
            "  double get minFlingVelocity => \(n(c.flickVelocityThreshold));",
        ]
        guard !model.isPaged else { return lines + ["}"] }
        lines += [
            "",
            "  @override",
            "  Simulation? createBallisticSimulation(ScrollMetrics position, double velocity) {",
            "    if (position.outOfRange || velocity.abs() < toleranceFor(position).velocity) {",
            "      return super.createBallisticSimulation(position, velocity);",
            "    }",
            "    return TunedCoastSimulation(",
            "        \(CodeNumber.derived(p.flutterFrictionDrag)), position.pixels, velocity, position.minScrollExtent, position.maxScrollExtent, spring,",
            "        tolerance: toleranceFor(position));",
            "  }",
            "}",
            "",
            "/// The tuned coast, then past an end the spring back to it: the preview's rubber band catches a",
            "/// coast that runs out of items, where BoundedFrictionSimulation would stop it dead at the end.",
            "class TunedCoastSimulation extends Simulation {",
            "  TunedCoastSimulation(double drag, double position, double velocity, double leading, double trailing,",
            "      SpringDescription spring, {super.tolerance})",
            "      : _coast = FrictionSimulation(drag, position, velocity) {",
            "    final end = velocity > 0 ? trailing : leading;",
            "    _crossing = _coast.timeAtX(end);",
            "    if (_crossing.isFinite) {",
            "      _back = ScrollSpringSimulation(spring, end, end, _coast.dx(_crossing), tolerance: tolerance);",
            "    }",
            "  }",
            "",
            "  final FrictionSimulation _coast;",
            "  double _crossing = double.infinity;",
            "  ScrollSpringSimulation? _back;",
            "",
            "  @override",
            "  double x(double time) => time < _crossing ? _coast.x(time) : _back!.x(time - _crossing);",
            "",
            "  @override",
            "  double dx(double time) => time < _crossing ? _coast.dx(time) : _back!.dx(time - _crossing);",
            "",
            "  @override",
            "  bool isDone(double time) => time < _crossing ? _coast.isDone(time) : _back!.isDone(time - _crossing);",
            "}",
        ]
        return lines
    }
}
