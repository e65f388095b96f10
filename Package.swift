// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "carousel-preview",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CarouselCore", targets: ["CarouselCore"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", exact: "1.1.1")
    ],
    targets: [
        .target(
            name: "CarouselCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore"]
        ),
    ]
)
