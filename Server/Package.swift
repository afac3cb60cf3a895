// swift-tools-version:6.0
// The Playhouse server: a Vapor application, its CLI, and the pure game math.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "PlayhouseServer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "playhouse", targets: ["playhouse"]),
        .library(name: "PlayhouseServer", targets: ["PlayhouseServer"]),
    ],
    dependencies: [
        .package(name: "Playhouse", path: ".."),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/leaf-kit.git", from: "1.14.3"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "PlayhouseServer",
            dependencies: [
                .product(name: "PlayhouseAPI", package: "Playhouse"),
                .product(name: "GameMath", package: "Playhouse"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "LeafKit", package: "leaf-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [
                .copy("Web/Views"), .copy("Web/Scripts"),
                // The OpenAPI document: its root, and each feature's part beside its controller.
                .copy("App/openapi.yaml"), .copy("Identity/identity.openapi.yaml"), .copy("Apps/apps.openapi.yaml"),
                .copy("Wallet/wallet.openapi.yaml"), .copy("Games/games.openapi.yaml"), .copy("Batch/batch.openapi.yaml"),
                .copy("Sessions/sessions.openapi.yaml"), .copy("Content/content.openapi.yaml"),
                .copy("Catalog/catalog.openapi.yaml"), .copy("Lists/lists.openapi.yaml"), .copy("GameData/gamedata.openapi.yaml"), .copy("Console/console.openapi.yaml"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "playhouse",
            dependencies: [
                "PlayhouseServer",
                .product(name: "GameMath", package: "Playhouse"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PlayhouseServerTests",
            dependencies: [
                "PlayhouseServer",
                .product(name: "PlayhouseKit", package: "Playhouse"),
                .product(name: "GameMath", package: "Playhouse"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
