@testable import PreviewServer

extension QRCode {
    /// The code as a binary PGM image (netpbm "P5"), the simplest file a real decoder reads: black
    /// modules on white, each `pixelsPerModule` pixels square, with the 4-module quiet zone around.
    func graymap(pixelsPerModule: Int = 4) -> [UInt8] {
        let sideInModules = size + 2 * Self.quietZoneModules
        let side = sideInModules * pixelsPerModule
        var image = Array("P5\n\(side) \(side)\n255\n".utf8)
        image.reserveCapacity(image.count + side * side)
        for y in 0..<side {
            let row = y / pixelsPerModule - Self.quietZoneModules
            for x in 0..<side {
                let column = x / pixelsPerModule - Self.quietZoneModules
                let isInside = (0..<size).contains(row) && (0..<size).contains(column)
                image.append(isInside && isDark(row: row, column: column) ? 0 : 255)
            }
        }
        return image
    }
}
