// swift-tools-version:6.0
import PackageDescription

// OpenAI's chat completions and responses, generated at build time by endpointgen's build-tool
// plugin from Sources/OpenAIChat/openai.endpointgen.json (a copy of the repository's
// Specs/openai.json, which a GenCoreTests test keeps identical), and replayed from the recorded
// responses in Recordings/: no network, no API key.
let package = Package(
    name: "OpenAIChat",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "OpenAIChat", targets: ["OpenAIChat"]),
        .executable(name: "openai-replay", targets: ["openai-replay"]),
    ],
    dependencies: [
        .package(name: "endpointgen", path: "../.."),
    ],
    targets: [
        .target(
            name: "OpenAIChat",
            dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "endpointgen")]
        ),
        .executableTarget(name: "openai-replay", dependencies: ["OpenAIChat"]),
        .testTarget(name: "OpenAIChatTests", dependencies: ["OpenAIChat"]),
    ],
    swiftLanguageModes: [.v6]
)
