extension QRCode {
    /// Light modules around the symbol on every side: readers need this margin to find the finder
    /// patterns, and ISO/IEC 18004 asks for four.
    static let quietZoneModules = 4

    /// The code as a standalone SVG document, black on a white square that includes the quiet zone.
    ///
    /// The viewBox counts modules (`size + 8` per side) so the drawing is exact at any scale; the dark
    /// modules are one `<path>` with each horizontal run of a row merged into one rectangle, which keeps
    /// a phone link's code (41 modules a side) near 6 KB; `shape-rendering="crispEdges"` stops antialiased seams between
    /// modules, which can confuse a reader.
    /// - Parameters:
    ///   - title: what the code is for, as a screen reader should announce it; XML-escaped here.
    ///   - pixelsPerModule: the rendered size of one module in CSS px (`width` and `height`); at least 1.
    func svg(title: String, pixelsPerModule: Int = 8) -> String {
        precondition(pixelsPerModule > 0, "a module needs at least one pixel")
        let side = size + 2 * Self.quietZoneModules
        let pixels = side * pixelsPerModule
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" \
            viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img">\
            <title>\(title.xmlEscaped)</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(darkModulesPath)"/>\
            </svg>
            """
    }

    /// Path data for every dark module, in viewBox units: one closed rectangle per horizontal run,
    /// shifted by the quiet zone.
    private var darkModulesPath: String {
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                let run = column - start
                path += "M\(start + Self.quietZoneModules) \(row + Self.quietZoneModules)h\(run)v1h-\(run)z"
            }
        }
        return path
    }
}
