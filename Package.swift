// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "hearth", targets: ["hearth"]),
        .library(name: "HearthCore", targets: ["HearthCore"]),
        .library(name: "HearthStore", targets: ["HearthStore"]),
        .library(name: "HearthServer", targets: ["HearthServer"]),
        .library(name: "HearthTesting", targets: ["HearthTesting"]),
        .library(name: "HearthQRCode", targets: ["HearthQRCode"]),
        .library(name: "HearthImaging", targets: ["HearthImaging"]),
        .library(name: "HearthOutbound", targets: ["HearthOutbound"]),
        .library(name: "WishWithMeServer", targets: ["WishWithMeServer"]),
        .library(name: "HearthClient", targets: ["HearthClient"]),
        .library(name: "WishWithMeKit", targets: ["WishWithMeKit"]),
        .library(name: "PantryPalServer", targets: ["PantryPalServer"]),
        .library(name: "PantryPalKit", targets: ["PantryPalKit"]),
        .library(name: "ListAllServer", targets: ["ListAllServer"]),
        .library(name: "ListAllKit", targets: ["ListAllKit"]),
        .library(name: "HearthBrowser", targets: ["HearthBrowser"]),
        .library(name: "HearthIdentity", targets: ["HearthIdentity"]),
        .library(name: "KnotServer", targets: ["KnotServer"]),
        .library(name: "KnotKit", targets: ["KnotKit"]),
        .library(name: "RushDayProto", targets: ["RushDayProto"]),
        .library(name: "RushDayServer", targets: ["RushDayServer"]),
        .library(name: "RushDayKit", targets: ["RushDayKit"]),
        .library(name: "HearthGRPC", targets: ["HearthGRPC"]),
        .library(name: "KnotRules", targets: ["KnotRules"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "HearthCore",
            dependencies: []
        ),
        .target(
            name: "HearthStore",
            dependencies: [
                "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Resources/Templates"), .copy("Resources/Static")]
        ),
        .systemLibrary(
            name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "HearthQRCode", dependencies: ["CQREncode", "CPNG"]),
        .target(
            name: "HearthBrowser",
            dependencies: [
                "HearthCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WSClient", package: "swift-websocket"),
            ]
        ),
        .target(
            name: "HearthOutbound",
            dependencies: [
                "HearthCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "WishWithMeServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthServer",
                "HearthQRCode",
                "HearthOutbound",
                "HearthBrowser",
                "HearthImaging",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "CLibXML2",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/openapi.json"), .copy("Resources/Templates"), .copy("Resources/strings.json")]
        ),
        .target(
            name: "HearthClient",
            dependencies: [
                "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(name: "WishWithMeKit", dependencies: ["HearthCore", "HearthClient"]),
        .target(
            name: "PantryPalServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthServer",
                "HearthIdentity",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Resources/openapi.json")]
        ),
        .target(
            name: "PantryPalKit",
            dependencies: ["HearthCore", "HearthClient", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .target(name: "CJPEGSupport", dependencies: ["CJPEG"]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "HearthImaging", dependencies: ["CJPEG", "CJPEGSupport", "CPNG", "CWebP"]),
        .target(
            name: "ListAllServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/openapi.json")]
        ),
        .target(name: "ListAllKit", dependencies: ["HearthCore", "HearthClient", "HearthImaging"]),
        .target(
            name: "HearthIdentity",
            dependencies: [
                "HearthCore",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "KnotServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthServer",
                "HearthIdentity",
                "HearthOutbound",
                "KnotRules",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/openapi.json"), .copy("Resources/StubCatalog.json")]
        ),
        .target(name: "KnotRules"),
        .target(name: "KnotKit", dependencies: ["HearthCore", "HearthClient", "KnotRules"]),
        // Rush Day's protobuf contract (Protos/rushday/v1): generated code only, refreshed by
        // scripts/generate-protos.sh.
        .target(
            name: "RushDayProto",
            dependencies: [
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
            ],
            path: "Sources/RushDayProto"
        ),
        // The gRPC listener every gRPC app shares (`hearth serve --grpc-port`).
        .target(
            name: "HearthGRPC",
            dependencies: [
                "HearthCore",
                "HearthServer",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "RushDayServer",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthServer",
                "HearthGRPC",
                "HearthIdentity",
                "RushDayProto",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/Templates")]
        ),
        // Rush Day's client core: the gRPC client, the offline cache and the screens' logic.
        .target(
            name: "RushDayKit",
            dependencies: [
                "HearthCore",
                "HearthClient",
                "RushDayProto",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
        .executableTarget(
            name: "hearth",
            dependencies: [
                "ListAllServer",
                "ListAllKit",
                "WishWithMeServer",
                "WishWithMeKit",
                "PantryPalServer",
                "PantryPalKit",
                "KnotServer",
                "KnotKit",
                "RushDayServer",
                "RushDayKit",
                "RushDayProto",
                "HearthGRPC",
                "HearthClient",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "HearthCore",
                "HearthStore",
                "HearthServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HearthTesting",
            dependencies: [
                "HearthCore",
                "HearthClient",
                "HearthStore",
                "HearthServer",
                "HearthGRPC",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "HearthClientTests", dependencies: ["HearthCore", "HearthClient"]),
        .testTarget(
            name: "WishWithMeKitTests",
            dependencies: [
                "HearthCore", "HearthClient", "WishWithMeKit", "HearthTesting", "HearthServer", "WishWithMeServer", "hearth",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "PantryPalServerTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting", "PantryPalServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ]
        ),
        .testTarget(
            name: "PantryPalKitTests",
            dependencies: [
                "HearthCore", "HearthClient", "PantryPalKit", "HearthTesting", "HearthServer", "PantryPalServer", "hearth",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "KnotKitTests",
            dependencies: [
                "HearthCore", "HearthClient", "HearthStore", "KnotKit", "HearthTesting", "HearthServer", "KnotServer", "hearth",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "ListAllKitTests",
            dependencies: [
                "HearthCore", "HearthClient", "ListAllKit", "HearthImaging", "HearthTesting", "HearthServer", "ListAllServer",
                "hearth",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "ListAllServerTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting", "ListAllServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "KnotServerTests",
            dependencies: [
                "KnotRules",
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting", "HearthIdentity", "KnotServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HearthIdentityTests",
            dependencies: [
                "HearthCore", "HearthIdentity", "HearthTesting",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"]),
        .testTarget(
            name: "RushDayServerTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting", "RushDayProto", "RushDayServer", "HearthGRPC",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "RushDayKitTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthClient", "HearthTesting", "HearthGRPC", "RushDayProto",
                "RushDayServer", "RushDayKit", "hearth",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "RushDayProtoTests",
            dependencies: [
                "RushDayProto",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
            ]
        ),
        .testTarget(name: "HearthStoreTests", dependencies: ["HearthCore", "HearthStore", "HearthTesting"]),
        .testTarget(name: "HearthQRCodeTests", dependencies: ["HearthCore", "HearthQRCode", "CPNG"]),
        .testTarget(name: "HearthImagingTests", dependencies: ["HearthImaging", "CPNG", "CWebP"]),
        .testTarget(
            name: "HearthBrowserTests",
            dependencies: [
                "HearthBrowser", "HearthCore", "HearthTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HearthOutboundTests",
            dependencies: [
                "HearthOutbound",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(
            name: "WishWithMeServerTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting", "WishWithMeServer", "HearthImaging", "CPNG",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Resolution/Fixtures")]
        ),
        .testTarget(
            name: "HearthServerTests",
            dependencies: [
                "HearthCore", "HearthStore", "HearthServer", "HearthTesting",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
