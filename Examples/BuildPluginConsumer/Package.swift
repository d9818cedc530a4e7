// swift-tools-version:6.0
import PackageDescription

// An app's API module whose network layer is generated on every build by endpointgen's
// build-tool plugin from Sources/HTTPBinAPI/httpbin.endpointgen.json. No generated file is
// committed.
let package = Package(
    name: "BuildPluginConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "endpointgen", path: "../.."),
    ],
    targets: [
        .target(
            name: "HTTPBinAPI",
            dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "endpointgen")]
        ),
        .testTarget(name: "HTTPBinAPITests", dependencies: ["HTTPBinAPI"]),
    ],
    swiftLanguageModes: [.v6]
)
