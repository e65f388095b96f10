/// A real device whose screen a design is made for: its size in points (portrait) and the safe
/// areas its system bars take. The page's device menu sets a carousel's viewport from it (its
/// width; for a vertical feed, the height between the safe areas too), and the true-size view
/// draws the safe areas where they are.
public struct Device: Equatable, Sendable {
    /// The name a link or a test uses (`iphone-16`).
    public let id: String
    /// The name the menu shows.
    public let name: String
    /// The screen's width and height in points, portrait.
    public let width: Double
    public let height: Double
    /// The safe area insets in points, portrait: the status bar (or notch, or Dynamic Island) at
    /// the top, the home indicator or navigation bar at the bottom.
    public let safeTop: Double
    public let safeBottom: Double

    /// The menu's devices, smallest phone first. iPhone sizes and insets are Apple's (Human
    /// Interface Guidelines, "Layout": device screen sizes; the safe area insets UIKit reports in
    /// portrait). Android reports its bars in dp, which the browser's CSS pixels equal: 24 dp for the
    /// status bar and 24 dp for the gesture bar are Material's defaults (a phone with a camera
    /// cutout may report a taller status bar). The Android sizes are those Chrome's device toolbar
    /// lists for the two phones.
    public static let all: [Device] = [
        Device(id: "iphone-se", name: "iPhone SE", width: 375, height: 667, safeTop: 20, safeBottom: 0),
        Device(id: "iphone-16", name: "iPhone 15 / 16", width: 393, height: 852, safeTop: 59, safeBottom: 34),
        Device(
            id: "iphone-16-pro-max",
            name: "iPhone 15 / 16 Pro Max",
            width: 430,
            height: 932,
            safeTop: 59,
            safeBottom: 34
        ),
        Device(
            id: "android-compact",
            name: "Compact Android (Galaxy S8+)",
            width: 360,
            height: 740,
            safeTop: 24,
            safeBottom: 24
        ),
        Device(
            id: "android-large",
            name: "Large Android (Pixel 7)",
            width: 412,
            height: 915,
            safeTop: 24,
            safeBottom: 24
        ),
        Device(id: "ipad", name: "iPad (10th generation)", width: 820, height: 1180, safeTop: 24, safeBottom: 20),
    ]
}
