// swift-tools-version:6.1
import PackageDescription

// Runtime benchmarks: decoding and request overhead of endpointgen's generated code next to
// swift-openapi-generator's and hand-written code. Benchmarks/bench.py generates the sources of
// EGPetstore and OAPetstore from the Petstore specs before building (they are not committed).
let package = Package(
    name: "RuntimeBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "endpointgen", path: "../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
    ],
    targets: [
        .target(name: "EGPetstore", dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")]),
        .target(
            name: "OAPetstore",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .executableTarget(
            name: "RuntimeBench",
            dependencies: [
                "EGPetstore", "OAPetstore",
                .product(name: "GeneratedRuntime", package: "endpointgen"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        // The loopback HTTP server the request benchmark talks to (no dependencies).
        .executableTarget(name: "LoopbackServer"),
    ],
    swiftLanguageModes: [.v6]
)
