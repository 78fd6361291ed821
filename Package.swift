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
        .library(name: "ActivationReader", targets: ["ActivationReader"]),
        .library(name: "KYCCheck", targets: ["KYCCheck"]),
        .library(name: "ActivationFlows", targets: ["ActivationFlows"]),
        .library(name: "ActivationBatch", targets: ["ActivationBatch"]),
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
        // Hummingbird's own transport, named so that the service can guard its connections.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
    ],
    targets: [
        // C libraries, each behind one thin Swift layer (ActivationVision, KYCCheck).
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
                .linkedLibrary("opencv_objdetect"), .linkedLibrary("opencv_dnn"), .linkedLibrary("opencv_imgproc"),
                .linkedLibrary("opencv_core"),
            ]
        ),

        // A photographed screen's outline and its warp upright, over OpenCV's imgproc (as above).
        .target(
            name: "CScreenQuad",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]
        ),

        // The KYC checks' pixel measurements (specular glare), over OpenCV's imgproc (as above).
        .target(
            name: "CKYCVision",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [.linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core")]
        ),

        // PP-OCR (detection and recognition) on ONNX Runtime, which it loads with dlopen at run
        // time from the folder scripts/install-deep-ocr.sh fills (no ONNX Runtime header needed);
        // its pixel geometry over OpenCV's imgproc (as above).
        .target(
            name: "CDeepOCR",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"), .linkedLibrary("dl"), .linkedLibrary("m"),
            ]
        ),
        .target(name: "CDecode", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("jpeg")]),

        // The pure core: errors, identifiers, reading results, the machines and the risk rules.
        // No C, no database, no crypto: it builds on the standard library and Foundation alone.
        .target(name: "ActivationPipeline", swiftSettings: swiftSettings),
        // Pixels, text and bars: decoding (leptonica, libheif), Tesseract, zbar, a photographed
        // screen set upright (CScreenQuad), and the deep second opinion (CDeepOCR).
        .target(
            name: "ActivationVision",
            dependencies: ["ActivationPipeline", "CLeptonica", "CHeif", "CTesseract", "CZBar", "CDeepOCR", "CDecode", "CScreenQuad"],
            swiftSettings: swiftSettings
        ),
        // The IMEI reader: labels, passes, re-reads, barcodes, its tuning and tracing, and the
        // engine pool every blocking worker runs on.
        .target(
            name: "ActivationReader",
            dependencies: [
                "ActivationPipeline", "ActivationVision",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // KYC pre-validation: rules, inspection, faces, document pixels, fixer.
        .target(
            name: "KYCCheck",
            dependencies: [
                "ActivationPipeline", "ActivationVision", "CFaceDetect", "CKYCVision",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Where things are kept: SQLite files and PostgreSQL pools, opened one way.
        .target(
            name: "ActivationStorage",
            dependencies: [
                "ActivationPipeline",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The stored activations and enrollments.
        .target(
            name: "ActivationFlows",
            dependencies: ["ActivationPipeline", "ActivationStorage", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        // The batch queue, its workers, inputs and export.
        .target(
            name: "ActivationBatch",
            dependencies: [
                "ActivationPipeline", "ActivationReader", "ActivationVision", "ActivationStorage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DeviceInfo",
            dependencies: ["ActivationPipeline", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ActivationService",
            dependencies: [
                "ActivationPipeline", "ActivationReader", "ActivationVision", "KYCCheck", "ActivationStorage", "ActivationFlows",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedOpenAPI"]
        ),
        // Builds docs/openapi.yaml into ActivationService, which serves it at GET /openapi.yaml.
        .plugin(name: "EmbedOpenAPI", capability: .buildTool()),
        .executableTarget(
            name: "ActivationCLI",
            dependencies: [
                "ActivationPipeline", "ActivationReader", "KYCCheck", "ActivationStorage", "ActivationFlows",
                "ActivationBatch", "ActivationService", "DeviceInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // Tests mirror the modules. TestSupport holds what several of them share (the test
        // PostgreSQL, the store backends, a quiet logger).
        .target(
            name: "TestSupport",
            dependencies: ["ActivationPipeline", "ActivationStorage", .product(name: "Logging", package: "swift-log")],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationPipelineTests", dependencies: ["ActivationPipeline", "TestSupport"], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationVisionTests", dependencies: ["ActivationVision", "ActivationPipeline"], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationReaderTests",
            dependencies: ["ActivationReader", "ActivationVision", "ActivationPipeline", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KYCCheckTests",
            dependencies: ["KYCCheck", "ActivationVision", "ActivationPipeline"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationFlowsTests",
            dependencies: [
                "ActivationFlows", "ActivationStorage", "ActivationReader", "ActivationVision", "ActivationBatch", "ActivationPipeline",
                "TestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationBatchTests",
            dependencies: ["ActivationBatch", "ActivationStorage", "ActivationReader", "ActivationPipeline", "TestSupport"],
            exclude: ["Commands/HelpGoldens"],  // the --help goldens HelpGoldenTests reads from the source tree
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ActivationServiceTests",
            dependencies: [
                "ActivationService", "ActivationFlows", "ActivationStorage", "ActivationReader", "KYCCheck", "ActivationPipeline",
                "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "DeviceInfoTests", dependencies: ["DeviceInfo", "ActivationPipeline"], swiftSettings: swiftSettings),
    ]
)
