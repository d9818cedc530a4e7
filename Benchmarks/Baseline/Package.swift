// swift-tools-version:6.1
import PackageDescription

// The baseline the benchmarks compare with: apple/swift-openapi-generator 1.14.3, its runtime
// and its URLSession transport. Kept out of the main package, which has no dependencies.
let package = Package(
    name: "Baseline",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: []
)
