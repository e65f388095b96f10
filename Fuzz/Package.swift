// swift-tools-version:6.1
// libFuzzer targets, in a package of their own: `make fuzz` builds them with -sanitize=fuzzer.
import PackageDescription

let package = Package(
    name: "carousel-preview-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "carousel-preview", path: "..")],
    targets: [
        .executableTarget(
            name: "MessageFuzzer",
            dependencies: [.product(name: "PreviewServer", package: "carousel-preview")]
        )
    ]
)
