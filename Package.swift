// swift-tools-version:6.1
import PackageDescription

// endpointgen has no package dependencies: every app that uses its plugin compiles the generator,
// so it must build in seconds from the toolchain alone.

/// The golden cases under Tests/GoldenFiles. Each case's expected output is compiled as a module of
/// its own (its types would clash with the other cases' in one module) and exercised by GoldenTests.
let goldenCases: [(target: String, folder: String)] = [
    ("GoldenCities", "cities"),
    ("GoldenItems", "items"),
    ("GoldenUsers", "users"),
    ("GoldenPets", "pets"),
    ("GoldenBooks", "books"),
    ("GoldenEdgeCases", "edge-cases"),
    ("GoldenHTTPBin", "httpbin"),
    ("GoldenCompact", "compact"),
    ("GoldenFeatures", "features"),
    ("GoldenShapes", "shapes"),
    ("GoldenStreams", "streams"),
    ("GoldenOpenAPI", "openapi"),
]

let package = Package(
    name: "endpointgen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "endpointgen", targets: ["endpointgen"]),
        .library(name: "GeneratedRuntime", targets: ["GeneratedRuntime"]),
        .plugin(name: "EndpointGenPlugin", targets: ["EndpointGenPlugin"]),
        .plugin(name: "GenerateEndpoints", targets: ["GenerateEndpoints"]),
    ],
    targets: [
        .target(name: "GeneratedRuntime"),
        .target(name: "GenCore"),
        .executableTarget(name: "endpointgen", dependencies: ["GenCore"]),
        .plugin(name: "EndpointGenPlugin", capability: .buildTool(), dependencies: ["endpointgen"]),
        .plugin(
            name: "GenerateEndpoints",
            capability: .command(
                intent: .custom(
                    verb: "generate-endpoints",
                    description: "Write the Swift generated from each target's *.endpointgen.json specs into <target>/Generated, or --check that it is current"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated API layer into <target>/Generated")]),
            dependencies: ["endpointgen"]),
        .testTarget(name: "GenCoreTests", dependencies: ["GenCore"]),
        .testTarget(name: "GeneratedRuntimeTests", dependencies: ["GeneratedRuntime"]),
        .testTarget(
            name: "GoldenTests",
            dependencies: ["GenCore", "GeneratedRuntime"] + goldenCases.map { .target(name: $0.target) }
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["GeneratedRuntime", "GoldenHTTPBin", "GoldenFeatures", "GoldenShapes", "GoldenStreams"]),
    ] + goldenCases.map {
        .target(
            name: $0.target,
            dependencies: ["GeneratedRuntime"],
            path: "Tests/GoldenFiles/\($0.folder)/Expected"
        )
    },
    swiftLanguageModes: [.v6]
)
