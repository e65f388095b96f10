/// Flutter: a `PageView.builder` inside a box of the preview's size, its page the item's share of
/// the viewport, with physics of the tuned settle spring and fling threshold (a pager), or a coast
/// of the tuned rate (free scroll); `Transform.scale` from the controller's page for the side scale
/// and a periodic timer for auto-scroll. A loop is a builder without an item count.
enum FlutterSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let viewport = c.viewportMainLength
        let fraction = CodeNumber.derived(model.itemLength / viewport)
        let page = c.isLooping ? "index % widget.itemCount" : "index"
        // The item, its corners cut to the preview's radius.
        let item =
            c.cornerRadius > 0
            ? "ClipRRect(borderRadius: BorderRadius.circular(\(n(c.cornerRadius))), child: widget.itemBuilder(context, \(page)))"
            : "widget.itemBuilder(context, \(page))"
        var lines = model.header(for: .flutter).map { "// " + $0 } + [""]
        lines += [
            "import 'dart:async';", "", "import 'package:flutter/material.dart';",
            "import 'package:flutter/physics.dart';", "",
        ]
        lines += physics(model)
        lines += [
            "",
            "class TunedCarousel extends StatefulWidget {",
            "  const TunedCarousel({super.key, required this.itemCount, required this.itemBuilder});",
            "",
            "  final int itemCount;",
            "  final Widget Function(BuildContext context, int index) itemBuilder;",
            "",
            "  @override",
            "  State<TunedCarousel> createState() => _TunedCarouselState();",
            "}",
            "",
            "class _TunedCarouselState extends State<TunedCarousel> {",
            "  final _controller = PageController(viewportFraction: \(fraction), initialPage: \(c.isLooping ? "10000" : "0"));",
            "  Timer? _timer;",
            "",
        ]
        if c.isAutoScrollEnabled {
            lines += [
                "  @override",
                "  void initState() {",
                "    super.initState();",
                "    _timer = Timer.periodic(const Duration(milliseconds: \(model.autoScrollMilliseconds)), (_) {",
                "      _controller.nextPage(duration: const Duration(milliseconds: \(model.physics.settleMilliseconds)), curve: Curves.easeOut);",
                "    });",
                "  }",
                "",
            ]
        }
        lines += [
            "  @override",
            "  void dispose() {",
            "    _timer?.cancel();",
            "    _controller.dispose();",
            "    super.dispose();",
            "  }",
            "",
            "  @override",
            "  Widget build(BuildContext context) {",
            "    return Directionality(",
            "      textDirection: TextDirection.\(model.isRightToLeft ? "rtl" : "ltr"),",
            "      child: SizedBox(",
            "        width: \(n(c.viewportWidth)),",
            "        height: \(n(c.viewportHeight)),",
            "        child: PageView.builder(",
            "          controller: _controller,",
            "          scrollDirection: Axis.\(model.isHorizontal ? "horizontal" : "vertical"),",
            "          physics: const TunedCarouselPhysics(),",
            "          pageSnapping: \(model.isPaged),",
            "          padEnds: \(c.alignment == .center),",
        ]
        if !c.isLooping { lines.append("          itemCount: widget.itemCount,") }
        let gap = model.isHorizontal ? "horizontal" : "vertical"
        lines += [
            "          itemBuilder: (context, index) => Padding(",
            "            padding: const EdgeInsets.symmetric(\(gap): \(n(c.spacing / 2))),",
        ]
        if c.sideScale != 1 {
            lines += [
                "            child: AnimatedBuilder(",
                "              animation: _controller,",
                "              builder: (context, child) {",
                "                final at = _controller.hasClients && _controller.position.haveDimensions",
                "                    ? _controller.page ?? 0.0",
                "                    : _controller.initialPage.toDouble();",
                "                final distance = (at - index).abs().clamp(0.0, 1.0);",
                "                return Transform.scale(scale: 1 - (1 - \(n(c.sideScale))) * distance, child: child);",
                "              },",
                "              child: \(item),",
                "            ),",
            ]
        } else {
            lines.append("            child: \(item),")
        }
        lines += ["          ),", "        ),", "      ),", "    );", "  }", "}"]
        let (fit, words) =
            c.imageFit == .cover
            ? ("cover", "filling the item, cut at its edges") : ("contain", "whole inside the item")
        lines += [
            "",
            "/// An item's image as the preview fits it (imageFit \(c.imageFit.rawValue)): \(words). Pass it as an Image's `fit`.",
            "const tunedCarouselImageFit = BoxFit.\(fit);",
        ]
        if model.fitsMaterialCarousel { lines += material(model) }
        return model.snippet(.flutter, file: "tuned_carousel.dart", lines: lines)
    }

    /// The same strip as Material 3's `CarouselView` (Flutter 3.24), for a team that ships Material
    /// widgets: the items keep their extent; its settle and coast are its own.
    private static func material(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        return [
            "",
            "/// Or Material 3's CarouselView, which holds this strip: the item extent and gap as above; its",
            "/// settle and coast are its own, not the tuned ones.",
            "class TunedMaterialCarousel extends StatelessWidget {",
            "  const TunedMaterialCarousel({super.key, required this.itemCount, required this.itemBuilder});",
            "",
            "  final int itemCount;",
            "  final Widget Function(BuildContext context, int index) itemBuilder;",
            "",
            "  @override",
            "  Widget build(BuildContext context) {",
            "    return SizedBox(",
            "      width: \(n(c.viewportWidth)),",
            "      height: \(n(c.viewportHeight)),",
            "      child: CarouselView(",
            "        itemExtent: \(n(model.itemLength + c.spacing)),",
            "        itemSnapping: \(model.isPaged),",
            "        padding: const EdgeInsets.symmetric(horizontal: \(n(c.spacing / 2))),",
            "        shape: RoundedRectangleBorder(borderRadius: BorderRadius.circular(\(n(c.cornerRadius)))),",
            "        children: [for (var index = 0; index < itemCount; index++) itemBuilder(context, index)],",
            "      ),",
            "    );",
            "  }",
            "}",
        ]
    }

    /// A pager's settle spring and fling threshold, or a free scroll's coast of the tuned rate:
    /// FrictionSimulation keeps `drag` of the velocity each second, r^1000 for a rate r a millisecond.
    private static func physics(_ model: HandoverModel) -> [String] {
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
        if !model.isPaged {
            lines += [
                "",
                "  @override",
                "  Simulation? createBallisticSimulation(ScrollMetrics position, double velocity) {",
                "    if (position.outOfRange || velocity.abs() < toleranceFor(position).velocity) {",
                "      return super.createBallisticSimulation(position, velocity);",
                "    }",
                "    return BoundedFrictionSimulation(",
                "        \(CodeNumber.derived(p.flutterFrictionDrag)), position.pixels, velocity, position.minScrollExtent, position.maxScrollExtent);",
                "  }",
            ]
        }
        lines.append("}")
        return lines
    }
}
