// swift-tools-version:6.1
// libFuzzer targets, in a package of their own: `make fuzz` builds them with -sanitize=fuzzer.
import PackageDescription

/// The protocol's targets, every one of which a fuzzer may reach into.
let protocolTargets: [Target.Dependency] = [
    "PreviewWire", "PreviewMedia", "PreviewRecording", "PreviewHandover", "PreviewProtocol",
]
.map { .product(name: $0, package: "carousel-preview") }

let package = Package(
    name: "carousel-preview-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "carousel-preview", path: "..")],
    targets: [
        // libFuzzer's driver, called from each fuzzer's entry point.
        .target(name: "FuzzerDriver"),
        // One message text at a time: the decoder, configuration patches, catalogs, one hub.
        .executableTarget(
            name: "MessageFuzzer",
            dependencies: ["FuzzerDriver"] + protocolTargets
        ),
        // Recordings, as text or written from a program of adversarial spans and key counts: read,
        // replayed headless and played live in slices.
        .executableTarget(
            name: "RecordingFuzzer",
            dependencies: ["FuzzerDriver"] + protocolTargets
        ),
        // Programs of an SVG (a fixture edited, or written by a grammar with numbers at the edges) and a
        // short recording showing it as an upload: the allow-list judges it, a real render worker
        // (CAROUSEL_PREVIEW_BIN) draws what it takes, and any ending but an animation or a clean
        // refusal is a finding.
        .executableTarget(
            name: "RenderFuzzer",
            dependencies: ["FuzzerDriver"] + protocolTargets + [
                .product(name: "PreviewServer", package: "carousel-preview")
            ]
        ),
        // Programs of pointer/advance/command/configure messages from several viewers through one
        // hub, with numbers at the edges; every frame is checked for non-finite numbers.
        .executableTarget(
            name: "SequenceFuzzer",
            dependencies: ["FuzzerDriver"] + protocolTargets + [
                .product(name: "CarouselCore", package: "carousel-preview"),
                // The hub harness the hub tests use.
                .product(name: "PreviewTesting", package: "carousel-preview"),
            ]
        ),
    ]
)
