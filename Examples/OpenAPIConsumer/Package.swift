// swift-tools-version:6.0
import PackageDescription

// An app that starts from the OpenAPI descriptions its backends publish, with no spec written
// by hand:
// - PetStoreAPI holds Sources/PetStoreAPI/openapi.yaml; endpointgen's build-tool plugin imports
//   and generates it on every build (nothing generated is committed). Its
//   endpointgen-config.json makes the API internal and the import strict, and has the generated
//   code use the app's own APIProblem for the document's Problem schema.
// - InventoryAPI holds inventory.openapi.json and commits what the command plugin generates
//   from it (`swift package --allow-writing-to-package-directory generate-endpoints --target
//   InventoryAPI`: without `--target` it would write PetStoreAPI's too), in the compact layout
//   its endpointgen-config.json asks for.
let package = Package(
    name: "OpenAPIConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "endpointgen", path: "../.."),
    ],
    targets: [
        .target(
            name: "PetStoreAPI",
            dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "endpointgen")]
        ),
        .target(
            name: "InventoryAPI",
            dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
            exclude: ["inventory.openapi.json", "endpointgen-config.json"]
        ),
        .testTarget(name: "OpenAPIConsumerTests", dependencies: ["PetStoreAPI", "InventoryAPI"]),
    ],
    swiftLanguageModes: [.v6]
)
