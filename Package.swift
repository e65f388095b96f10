// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "carousel-preview",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CarouselCore", targets: ["CarouselCore"]),
        .library(name: "CarouselABI", targets: ["CarouselABI"]),
        .library(name: "PreviewWire", targets: ["PreviewWire"]),
        .library(name: "PreviewMedia", targets: ["PreviewMedia"]),
        .library(name: "PreviewRecording", targets: ["PreviewRecording"]),
        .library(name: "PreviewHandover", targets: ["PreviewHandover"]),
        .library(name: "PreviewProtocol", targets: ["PreviewProtocol"]),
        .library(name: "PreviewServer", targets: ["PreviewServer"]),
        .library(name: "PreviewRender", targets: ["PreviewRender"]),
        .executable(name: "carousel-preview", targets: ["carousel-preview"]),
        .library(name: "WebSocketTestClient", targets: ["WebSocketTestClient"]),
        // The hub harness and test servers, shared by the tests and the sequence fuzzer.
        .library(name: "PreviewTesting", targets: ["PreviewTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        // A WebAssembly runtime for the tests: they run the page's engine module beside the native one.
        .package(url: "https://github.com/swiftwasm/WasmKit.git", exact: "0.4.2"),
    ],
    targets: [
        // The engine: pure Swift with no dependencies, so the same sources build for the server and,
        // with Embedded Swift, for the page's WebAssembly module (Makefile: wasm).
        // libm only for rounding (floor, ceil, trunc, round: exact operations, the same bits everywhere),
        // which x86_64 without SSE 4.1 calls rather than inlines; the elementary functions are the engine's own.
        .target(name: "CarouselCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // The engine's calls and frames as fixed binary records: what the page's WebAssembly module
        // exports (Sources/CarouselWasm, built by `make wasm`), and natively what its tests compare.
        .target(name: "CarouselABI", dependencies: ["CarouselCore"]),
        .systemLibrary(
            name: "CLibWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        // QR codes for "Open on a phone": libqrencode encodes, PreviewServer/QR/QRCode.swift is its one importer.
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // A recording drawn as an animated image (carousel-preview render): cairo and librsvg draw, Pango
        // lays out text, libwebp and giflib encode. Each C module has one importer in Sources/PreviewRender.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["librsvg2-dev", "libcairo2-dev"])]
        ),
        // Captions laid out by Pango (shaped, right to left where the carousel reads so): its headers are
        // not read (they would bring glib's -pthread), so it needs no pkg-config, only the libraries.
        .systemLibrary(name: "CPango", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // What travels: the bounded JSON codec, the configuration's schema and error codes, the items and
        // devices a carousel shows, and every client message with its decoding. Pure; the layer under all
        // the protocol's others.
        .target(name: "PreviewWire", dependencies: ["CarouselCore"]),
        // Images a viewer uploads: told by their bytes, named by their SHA-256, kept within byte budgets;
        // an SVG read by a strict XML reader and judged by an allow-list. Pure.
        .target(name: "PreviewMedia", dependencies: ["PreviewWire"]),
        // A session's history since its last rest (steps, checkpoints, their cost and limits), what a
        // link or a connection asks a new session to start from, and the recording file read strictly. Pure.
        .target(name: "PreviewRecording", dependencies: ["PreviewWire", "PreviewMedia", "CarouselCore"]),
        // A tuned configuration in the frameworks teams ship: each field's mapping to SwiftUI, UIKit,
        // Compose, Flutter, Swiper, Embla and Splide (written once), and the motion in their units. Pure.
        .target(name: "PreviewHandover", dependencies: ["PreviewWire", "PreviewMedia", "CarouselCore"]),
        // Protocol v1 as pure state machines: messages, sessions, the hub, outboxes. No C, no clock, no threads.
        // Its README says what each folder is for and in which order they may use each other.
        .target(
            name: "PreviewProtocol",
            dependencies: [
                "PreviewWire", "PreviewMedia", "PreviewRecording", "PreviewHandover", "CarouselCore", "CarouselABI",
            ],
            exclude: ["README.md"]
        ),
        // The transport: the libwebsockets bridge, static files, /stats, on one event-loop thread; QR codes.
        .target(
            name: "PreviewServer",
            dependencies: [
                "PreviewProtocol",
                "PreviewWire",
                "PreviewMedia",
                "PreviewRecording",
                "PreviewHandover",
                "PreviewRender",
                "CarouselCore",
                "CLibWebSockets",
                "CQREncode",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A recording's film (PreviewProtocol/Replay/Film) drawn and encoded as WebP or GIF.
        .target(
            name: "PreviewRender",
            dependencies: [
                "PreviewProtocol", "PreviewWire", "PreviewMedia", "PreviewRecording", "CarouselCore", "CCairo",
                "CPango", "CWebP", "CGIF",
            ]
        ),
        .executableTarget(
            name: "carousel-preview",
            dependencies: [
                "PreviewServer",
                "PreviewRender",
                "PreviewProtocol",
                "PreviewWire",
                "PreviewMedia",
                "PreviewRecording",
                "PreviewHandover",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "WebSocketTestClient"
        ),
        // One test client API over the in-process hub and, in PreviewServerTests, over a real socket.
        .target(
            name: "PreviewTesting",
            dependencies: ["PreviewProtocol", "PreviewWire", "PreviewMedia", "PreviewRecording"]
        ),
        // What the test targets share: a seeded generator for property tests.
        .target(
            name: "TestSupport"
        ),
        .testTarget(
            name: "CarouselCoreTests",
            dependencies: ["CarouselCore", "TestSupport"]
        ),
        // glibc's malloc.h for the tests (mallinfo2), which the Glibc module does not include.
        .systemLibrary(
            name: "CMallocStats",
            path: "Tests/CMallocStats"
        ),
        // The WebAssembly module (`make wasm`) under WasmKit against the native engine, byte for byte.
        .testTarget(
            name: "CarouselABITests",
            dependencies: [
                "CarouselABI", "CarouselCore", "PreviewProtocol", "PreviewWire", "TestSupport",
                .product(name: "WasmKit", package: "WasmKit"),
            ]
        ),
        .testTarget(
            name: "PreviewWireTests",
            dependencies: ["PreviewWire", "CarouselCore", "TestSupport"]
        ),
        .testTarget(
            name: "PreviewMediaTests",
            dependencies: ["PreviewMedia", "PreviewWire", "PreviewTesting", "TestSupport"]
        ),
        .testTarget(
            name: "PreviewHandoverTests",
            dependencies: ["PreviewHandover", "PreviewWire", "CarouselCore", "TestSupport"]
        ),
        .testTarget(
            name: "PreviewProtocolTests",
            dependencies: [
                "PreviewProtocol", "PreviewWire", "PreviewMedia", "PreviewRecording", "PreviewHandover", "CarouselCore",
                "CarouselABI",
                "TestSupport", "CMallocStats",
                "PreviewTesting",
            ]
        ),
        .testTarget(
            name: "PreviewRenderTests",
            dependencies: [
                "PreviewRender", "PreviewProtocol", "PreviewWire", "PreviewMedia", "PreviewRecording", "TestSupport",
            ]
        ),
        .testTarget(
            name: "PreviewServerTests",
            dependencies: [
                "PreviewServer", "PreviewProtocol", "PreviewWire", "PreviewMedia", "PreviewRecording",
                "PreviewHandover",
                "CarouselCore", "WebSocketTestClient",
                "PreviewTesting",
                "TestSupport",
            ]
        ),
    ]
)
