// swift-tools-version:6.1
// The benchmarks live in a package of their own, so `make test` never builds the harness.
import PackageDescription

let package = Package(
    name: "carousel-preview-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "carousel-preview", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CarouselCore", package: "carousel-preview"),
                .product(name: "PreviewProtocol", package: "carousel-preview"),
                .product(name: "PreviewWire", package: "carousel-preview"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(name: "CBenchSupport", path: "CBenchSupport"),
        .executableTarget(
            name: "engine-memory",
            dependencies: ["CBenchSupport", .product(name: "CarouselCore", package: "carousel-preview")],
            path: "EngineMemory"
        ),
        .executableTarget(
            name: "engine-host-steps",
            dependencies: [
                .product(name: "CarouselABI", package: "carousel-preview"),
                .product(name: "CarouselCore", package: "carousel-preview"),
            ],
            path: "EngineHostSteps"
        ),
        .executableTarget(
            name: "load-client",
            dependencies: ["CBenchSupport", .product(name: "WebSocketTestClient", package: "carousel-preview")],
            path: "LoadClient"
        ),
    ]
)
