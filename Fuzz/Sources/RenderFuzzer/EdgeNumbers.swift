/// The values the SVG grammar and the seed edits write into attributes: numbers at the edges of
/// what a parser or a drawing library expects (zero both ways, subnormals, 1e-307, the largest
/// double and past it, NaN and infinity as text, negatives, numbers hundreds of digits long, units
/// and percentages), and lists of them as paths, dashes, transforms and view boxes take.
enum EdgeNumbers {
    /// 400 digits: a number whose text is longer than any reader's buffer, and past a double's range.
    private static let longDigits = String(repeating: "9", count: 400)

    /// One number, as an attribute's text.
    static let numbers: [String] = [
        "0", "-0", "1e-307", "-1e-307", "5e-324", "2.2e-308", "1e-320", "1", "-1", "0.5", "2", "7", "20", "20.000001",
        "100", "400", "1e6", "-1e6", "1e15", "1e300", "1e308", "1.7976931348623157e308", "-1.7976931348623157e308",
        "1e309", "-1e309", "NaN", "nan", "-NaN", "inf", "-inf", "Infinity", "2147483647", "-2147483648", "4294967296",
        "9007199254740993", "3.4028236e38", "0." + String(repeating: "0", count: 300) + "1", longDigits,
        "-" + longDigits, "1" + String(repeating: "0", count: 330), "50%", "1e6%", "-50%", "1e308%", "", " 7 ", "1e",
        "0x10", "+.5", ".", "-", "10px", "1e6px", "1em", "1e6em", "1e6in", "1e300mm", "3e2pt",
    ]

    /// Lists of numbers for the attributes that take several: `d`, `points`, `viewBox`,
    /// `stroke-dasharray`, `transform`, `values`, `stdDeviation`.
    static let paths: [String] = [
        "M0 0L100 100Z", "M0 0L1e308 1e308Z", "M-1e308 -1e308L1e308 1e308", "M0 0A1e-307 1e-307 0 1 1 100 100",
        "M0 0A1e308 1e308 0 1 1 1 1", "M0 0C1e308 0 0 1e308 100 100", "M0 0Q-1e6 1e6 50 50T1e6 0",
        "M0 0" + String(repeating: "l1 1l-1 1", count: 1000),
        "M0 0" + String(repeating: "a1 1 0 1 1 1e-307 0", count: 300),
        "M NaN NaN L inf inf", "M0 0 L5e-324 5e-324 Z", "M0,0 h1e308 v1e308 h-1e308 z", "m0 0",
    ]

    static let points: [String] = [
        "0 0 100 100 0 100", "0,0 1e308,1e308 -1e308,0", String(repeating: "0 0 1e-307 1e-307 ", count: 2000),
        "NaN NaN 1 1 inf inf", "1e6 1e6", "",
    ]

    static let dashes: [String] = [
        "1e-307", "0.001", "1e-307 1e-307", "0 0", "0", "1e308", "-1", "5e-324 1", "0.0001 0.0001", "none",
        String(repeating: "1e-6 ", count: 1000), "NaN", "1e-307%",
    ]

    static let transforms: [String] = [
        "scale(1e308)", "scale(0)", "scale(1e-307)", "scale(-1e6 1e6)", "matrix(1e308 0 0 1e308 0 0)",
        "matrix(0 0 0 0 0 0)", "matrix(1e-307 0 0 1e-307 1e308 1e308)", "rotate(NaN)", "rotate(1e308 1e308 1e308)",
        "skewX(90)", "skewY(89.9999999)", "translate(1e308)", "translate(-1e308 1e308)",
        String(repeating: "scale(2)", count: 200), String(repeating: "rotate(1)", count: 500),
    ]

    static let viewBoxes: [String] = [
        "0 0 100 100", "0 0 1e-307 1e-307", "0 0 5e-324 5e-324", "-1e308 -1e308 1e308 1e308", "0 0 1e308 1e308",
        "0 0 1 1e308", "0 0 0 0", "0 0 -1 -1", "NaN NaN NaN NaN", "0 0 8192 4096",
    ]

    static let deviations: [String] = [
        "0", "20", "1e-307", "5e-324", "19.999999", "20 20", "0 20", "20,0", "1e-307 20", "0.0000001 0.0000001",
    ]

    static let matrixValues: [String] = [
        "0.5", "1e308", "-1e308", "0", "1e-307", "NaN",
        "1e308 0 0 0 0 0 1e308 0 0 0 0 0 1e308 0 0 0 0 0 1e308 0",
        "0 0 0 0 1e308 0 0 0 0 1e308 0 0 0 0 1e308 0 0 0 1 0", "1e308 0 0 0 0",
        String(repeating: "1 ", count: 20), String(repeating: "1 ", count: 400), "360", "-1e308", "1e-307",
    ]
}
