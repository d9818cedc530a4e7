// swift-tools-version:6.0
import PackageDescription

// An API module whose generated code is committed under Sources/BooksAPI/Generated. After a
// spec edit: `swift package --allow-writing-to-package-directory generate-endpoints`; in CI:
// the same with `--check`, which fails with a diff when the committed files are stale.
let package = Package(
    name: "CommittedConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "endpointgen", path: "../.."),
    ],
    targets: [
        .target(
            name: "BooksAPI",
            dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
            // The spec is read by the command plugin, not compiled.
            exclude: ["books.endpointgen.json"]
        ),
        .testTarget(name: "BooksAPITests", dependencies: ["BooksAPI"]),
    ],
    swiftLanguageModes: [.v6]
)
