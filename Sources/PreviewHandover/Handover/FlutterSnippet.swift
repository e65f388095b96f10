/// Flutter 3.24: a `PageView.builder` inside a box of the preview's size whose page is a page of
/// items and the gap after it, padEnds resting each page mid-viewport and a shift inside each page
/// putting its items on the snap line (`NativeGeometry`); physics of the tuned settle spring and
/// fling threshold (a pager), or a coast of the tuned rate that runs into a spring past an end (free
/// scroll); `Transform.scale` from the controller's page for the side scale and a periodic timer for
/// auto-scroll. A loop is a builder without an item count.
enum FlutterSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let geometry = NativeGeometry(model)
        let n = CodeNumber.text
        let fraction = CodeNumber.derived(geometry.flutterPageExtent / geometry.viewport)
        var lines =
            (model.header(for: .flutter) + geometry.layoutNotes(overshoot: geometry.flutterOvershootAtEnd)).map {
                "// " + $0
            } + [
                "// Written for Flutter 3.24 (Material 3's CarouselView is 3.24's).",
                "",
                "import 'dart:async';", "", "import 'package:flutter/material.dart';",
                "import 'package:flutter/physics.dart';",
            ]
        if needsSVG(model) {
            lines.append("import 'package:flutter_svg/flutter_svg.dart'; // flutter_svg 2: the SVG images")
        }
        lines.append("")
        lines += physics(model)
        let plural = c.itemsPerPage == 1 ? "an item" : "\(c.itemsPerPage) items"
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
            "  /// A page is \(plural) and the gap after it: \(n(geometry.flutterPageExtent)) of the viewport's \(n(geometry.viewport)).",
            "  final _controller = PageController(viewportFraction: \(fraction), initialPage: \(c.isLooping ? "10000" : "0"));",
            "  Timer? _timer;",
            "",
        ]
        if c.isAutoScrollEnabled {
            // The first page after the last, as the preview rewinds a strip.
            let k = c.itemsPerPage
            let pages = k > 1 ? "((widget.itemCount + \(k - 1)) ~/ \(k))" : "widget.itemCount"
            lines += [
                "  @override",
                "  void initState() {",
                "    super.initState();",
                "    _timer = Timer.periodic(const Duration(milliseconds: \(model.autoScrollMilliseconds)), (_) {",
                "      if (!_controller.hasClients) return;",
                "      final duration = const Duration(milliseconds: \(model.physics.settleMilliseconds));",
                c.isLooping
                    ? "      _controller.nextPage(duration: duration, curve: Curves.easeOut);"
                    : "      _controller.animateToPage((_controller.page!.round() + 1) % \(pages), duration: duration, curve: Curves.easeOut);",
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
            "          // padEnds rests each page mid-viewport; the shift in _page puts its items on the snap line.",
            "          padEnds: true,",
        ]
        if !c.isLooping {
            let k = c.itemsPerPage
            lines.append(
                "          itemCount: \(k > 1 ? "(widget.itemCount + \(k - 1)) ~/ \(k)" : "widget.itemCount"),"
            )
        }
        if !geometry.flutterShiftFitsGap {
            lines.append(
                "          // The items are shifted out of their pages: build a page either side of the viewport."
            )
            lines.append("          allowImplicitScrolling: true,")
        }
        lines += ["          itemBuilder: _page,", "        ),", "      ),", "    );", "  }", ""]
        lines += page(model, geometry).map { $0.isEmpty ? "" : "  " + $0 }
        lines.append("}")
        let (fit, words) =
            c.imageFit == .cover
            ? ("cover", "filling the item, cut at its edges") : ("contain", "whole inside the item")
        lines += [
            "",
            "/// An item's image as the preview fits it (imageFit \(c.imageFit.rawValue)): \(words). Pass it as an Image's `fit`.",
            "const tunedCarouselImageFit = BoxFit.\(fit);",
        ]
        lines += items(model)
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
}
