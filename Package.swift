// swift-tools-version:6.0
// The Playhouse SDK package: what an app adds by URL. It resolves no server dependencies.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Playhouse",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "PlayhouseKit", targets: ["PlayhouseKit"]),
        .library(name: "PlayhouseAPI", targets: ["PlayhouseAPI"]),
        .library(name: "GameMath", targets: ["GameMath"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // The SDK's local store (claimed reward receipts; later the catalog cache and offline lists).
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // Builds the SDK's documentation (`swift package generate-documentation`); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(name: "PlayhouseAPI", swiftSettings: strict),
        // The games' math (random draws, provable fairness, slot evaluation, exact return to player):
        // the server plays with it, and the SDK re-derives outcomes with it to verify bets.
        .target(name: "GameMath", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
        .target(name: "PlayhouseKit", dependencies: ["PlayhouseAPI", "GameMath", .product(name: "Crypto", package: "swift-crypto"),
                                                     .product(name: "GRDB", package: "GRDB.swift")],
                swiftSettings: strict),
        // The Swift the README and the DocC articles show, quoted from here and compiled with the
        // package (nothing runs it); DocumentationTests checks every quote.
        .target(name: "DocumentationSnippets", dependencies: ["PlayhouseKit"], path: "Examples/Snippets", swiftSettings: strict),
        // The getting-started article as an app: `PLAYHOUSE_CLIENT_ID=ph_… swift run GettingStarted`.
        .executableTarget(name: "GettingStarted", dependencies: ["PlayhouseKit"], path: "Examples/GettingStarted", swiftSettings: strict),
        .testTarget(name: "PlayhouseKitTests", dependencies: ["PlayhouseKit", .product(name: "Crypto", package: "swift-crypto")],
                    swiftSettings: strict),
        .testTarget(name: "GameMathTests", dependencies: ["GameMath"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
