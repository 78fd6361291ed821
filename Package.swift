// swift-tools-version:6.0
import PackageDescription

/// One set of compiler settings for every Swift target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ActivationPipeline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "activation", targets: ["ActivationCLI"]),
        .library(name: "ActivationPipeline", targets: ["ActivationPipeline"]),
        .library(name: "DeviceInfo", targets: ["DeviceInfo"]),
        .library(name: "ActivationService", targets: ["ActivationService"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
    ],
    targets: [
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        // OpenCV's face cascades behind a C header (Debian: libopencv-dev, opencv-data). Not a
        // `.systemLibrary(pkgConfig: "opencv4")`: that would link all 55 OpenCV libraries, and
        // Swift's linker keeps every one as a load-time dependency (no --as-needed). The include
        // path needs an unsafe flag, which SwiftPM allows in a root package.
        .target(
            name: "CFaceDetect",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_objdetect"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
            ]
        ),
        .target(
            name: "ActivationPipeline",
            dependencies: [
                "CTesseract", "CLeptonica", "CHeif", "CZBar", "CFaceDetect", "DeviceInfo",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DeviceInfo",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ActivationService",
            dependencies: [
                "ActivationPipeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ActivationCLI",
            dependencies: [
                "ActivationPipeline", "ActivationService", "DeviceInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationPipelineTests",
            dependencies: ["ActivationPipeline"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationServiceTests",
            dependencies: [
                "ActivationService", "ActivationPipeline",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DeviceInfoTests",
            dependencies: ["DeviceInfo"],
            swiftSettings: swiftSettings
        ),
    ]
)
