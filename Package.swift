// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Perennial",
    // The server's dependencies (Hummingbird, swift-nio…) set macOS 15 for the whole package; PerennialClient's
    // own code asks for no more than iOS 15 / macOS 12 / tvOS 15 / watchOS 8 / visionOS 1 (its `@available`s).
    platforms: [.macOS(.v15), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .executable(name: "perennial", targets: ["perennial"]),
        .executable(name: "perennial-bench", targets: ["perennial-bench"]),
        .library(name: "PerennialCore", targets: ["PerennialCore"]),
        .library(name: "PerennialAppStore", targets: ["PerennialAppStore"]),
        .library(name: "PerennialGooglePlay", targets: ["PerennialGooglePlay"]),
        .library(name: "PerennialStripe", targets: ["PerennialStripe"]),
        /// The app's half: a Swift client for Apple platforms (Foundation and StoreKit only).
        .library(name: "PerennialClient", targets: ["PerennialClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // multipart/form-data, for the dashboard's report uploads: one small module on swift-nio and swift-collections.
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        // bcrypt for the dashboard's passwords: its HummingbirdBcrypt library is one C file and a Swift wrapper.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // Traces over OTLP/HTTP only: the gRPC exporter (and its build) stays out.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(name: "PerennialCore", swiftSettings: swiftSettings),
        .target(name: "PerennialOutbound", swiftSettings: swiftSettings),
        // Foundation only (StoreKit and SwiftUI where they exist): an app adds it without the server's packages.
        .target(name: "PerennialClient", swiftSettings: swiftSettings),
        .target(
            name: "PerennialAppStore",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialGooglePlay",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialStripe",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialPayPal",
            dependencies: [
                "PerennialCore", "PerennialOutbound", "CZlib",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialAdyen",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialAdyenSimulator",
            dependencies: [
                "PerennialAdyen", "PerennialCore", "PerennialOutbound", "PerennialSimulatorKit", "PerennialStoreModule",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialAdyenAdapter",
            dependencies: [
                "PerennialAdyen", "PerennialAdyenSimulator", "PerennialServices", "PerennialStoreModule", "PerennialHTTP", "PerennialCore",
                "PerennialOutbound",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialRevenueCat",
            dependencies: [
                "PerennialCore", "PerennialServices", "PerennialHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialDashboard",
            dependencies: [
                "PerennialCore", "PerennialServices", "PerennialHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialSimulatorKit",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialSquare",
            dependencies: [
                "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialSquareSimulator",
            dependencies: [
                "PerennialSquare", "PerennialCore", "PerennialOutbound", "PerennialStoreModule", "PerennialSimulatorKit",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialSquareAdapter",
            dependencies: [
                "PerennialSquare", "PerennialSquareSimulator", "PerennialServices", "PerennialStoreModule", "PerennialCore", "PerennialOutbound",
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialPayPalSimulator",
            dependencies: [
                "PerennialPayPal", "PerennialCore", "PerennialOutbound", "PerennialStoreModule", "PerennialSimulatorKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialServices",
            dependencies: [
                "PerennialCore", "PerennialOutbound", "CZlib",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialAppStoreAdapter",
            dependencies: [
                "PerennialServices", "PerennialCore", "PerennialAppStore", "PerennialOutbound",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialGooglePlayAdapter",
            dependencies: [
                "PerennialServices", "PerennialCore", "PerennialGooglePlay",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialStripeAdapter",
            dependencies: ["PerennialServices", "PerennialCore", "PerennialStripe"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialStorage",
            dependencies: [
                "PerennialServices", "PerennialCore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialHTTP",
            dependencies: [
                "PerennialServices", "PerennialCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["OpenAPIDocumentPlugin"]
        ),
        .executableTarget(name: "EmbedOpenAPIDocument", swiftSettings: swiftSettings),
        .plugin(name: "OpenAPIDocumentPlugin", capability: .buildTool(), dependencies: ["EmbedOpenAPIDocument"]),
        .target(
            name: "PerennialStoreModule",
            dependencies: [
                "PerennialServices", "PerennialCore", "PerennialHTTP", "PerennialOutbound",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialPayPalAdapter",
            dependencies: [
                "PerennialPayPal", "PerennialPayPalSimulator", "PerennialServices", "PerennialStoreModule", "PerennialCore",
                "PerennialOutbound",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialAppStoreRoutes",
            dependencies: [
                "PerennialHTTP", "PerennialServices", "PerennialAppStore", "PerennialAppStoreAdapter", "PerennialCore",
                "PerennialStoreModule",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialGooglePlayRoutes",
            dependencies: [
                "PerennialHTTP", "PerennialServices", "PerennialGooglePlayAdapter", "PerennialGooglePlay", "PerennialCore",
                "PerennialStoreModule", "PerennialOutbound",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialStripeRoutes",
            dependencies: [
                "PerennialHTTP", "PerennialServices", "PerennialStripeAdapter", "PerennialStripe", "PerennialCore",
                "PerennialStoreModule", "PerennialOutbound", "PerennialSimulator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialSimulator",
            dependencies: [
                "PerennialCore", "PerennialAppStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        // zlib, for the gzipped store reports `perennial reconcile` reads: Swift's own Linux dependencies
        // (swift.org's install guide lists zlib1g-dev), so it asks nothing new of a machine.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "PerennialServer",
            dependencies: [
                "PerennialCore", "PerennialAppStore", "PerennialServices", "PerennialStorage", "PerennialOutbound",
                "PerennialHTTP", "PerennialAppStoreAdapter", "PerennialAppStoreRoutes", "PerennialSimulator",
                "PerennialGooglePlay", "PerennialGooglePlayAdapter", "PerennialGooglePlayRoutes",
                "PerennialStripe", "PerennialStripeAdapter", "PerennialStripeRoutes", "PerennialPayPalAdapter", "PerennialSquareAdapter",
                "PerennialAdyenAdapter", "PerennialStoreModule", "PerennialRevenueCat", "PerennialDashboard",
                "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialBenchmarks",
            dependencies: [
                "PerennialCore", "PerennialAppStore", "PerennialServices", "PerennialStorage", "PerennialHTTP",
                "PerennialServer", "PerennialSimulator", "PerennialAppStoreAdapter", "PerennialDashboard",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "perennial",
            dependencies: [
                "PerennialServer", "PerennialSimulator", "PerennialServices", "PerennialAppStore", "PerennialGooglePlay",
                "PerennialCore", "PerennialStoreModule", "PerennialStripe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "perennial-bench",
            dependencies: [
                "PerennialBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PerennialTesting",
            dependencies: [
                "PerennialCore", "PerennialOutbound", "PerennialAppStore", "PerennialPayPal", "PerennialPayPalSimulator",
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialCoreTests",
            dependencies: [
                "PerennialCore", "PerennialTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialAppStoreTests",
            dependencies: [
                "PerennialAppStore", "PerennialCore", "PerennialOutbound", "PerennialTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialGooglePlayTests",
            dependencies: [
                "PerennialGooglePlay", "PerennialCore", "PerennialOutbound",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialAdyenTests",
            dependencies: [
                "PerennialAdyen", "PerennialAdyenSimulator", "PerennialAdyenAdapter", "PerennialSimulatorKit", "PerennialCore", "PerennialOutbound",
                "PerennialTesting", "PerennialServices", "PerennialStoreModule",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialSquareTests",
            dependencies: [
                "PerennialSquare", "PerennialSquareAdapter", "PerennialSquareSimulator", "PerennialSimulatorKit", "PerennialServices",
                "PerennialStoreModule", "PerennialCore", "PerennialOutbound", "PerennialTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialPayPalTests",
            dependencies: [
                "PerennialPayPal", "PerennialPayPalAdapter", "PerennialPayPalSimulator", "PerennialSimulatorKit", "PerennialServices",
                "PerennialStoreModule", "PerennialCore", "PerennialOutbound", "PerennialTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialStripeTests",
            dependencies: [
                "PerennialStripe", "PerennialStripeAdapter", "PerennialServices", "PerennialCore", "PerennialOutbound",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialStorageTests",
            dependencies: [
                "PerennialStorage", "PerennialServices", "PerennialCore", "PerennialTesting",
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialSimulatorTests",
            dependencies: [
                "PerennialSimulator", "PerennialAppStore", "PerennialCore", "PerennialOutbound", "PerennialTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PerennialServerTests",
            dependencies: [
                "PerennialServer", "PerennialHTTP", "PerennialServices", "PerennialStorage", "PerennialAppStoreAdapter",
                "PerennialSimulator", "PerennialAppStore", "PerennialCore", "PerennialOutbound", "PerennialTesting",
                "PerennialGooglePlay", "PerennialGooglePlayAdapter", "PerennialStripe", "PerennialStripeAdapter",
                "PerennialStoreModule", "PerennialAppStoreRoutes", "PerennialGooglePlayRoutes", "PerennialStripeRoutes",
                "PerennialPayPal", "PerennialPayPalAdapter", "PerennialPayPalSimulator", "PerennialSimulatorKit",
                "PerennialSquare", "PerennialSquareAdapter", "PerennialSquareSimulator",
                "PerennialAdyen", "PerennialAdyenAdapter", "PerennialAdyenSimulator", "PerennialClient", "PerennialDashboard",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
