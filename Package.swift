// swift-tools-version: 6.1
// Chevron: back-button metrics for iOS-style navigation bars drawn outside iOS.
// The modules depend one way: executables → Daemon/Client → Service → Looks → Text → C, and
// every module that reads or writes JSON (Varlink and all above it, Looks, Check) → ChevronJSON,
// which depends on nothing.
// `swift build` builds what ships (chevrond, chevron) and the libraries. The benchmarks
// (Benchmarks/), the fuzz targets (Fuzz/) and the wire generator (BuildTools/) are packages of
// their own that depend on this one.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// One module per look under Plugins/, each depending on ChevronLooks (and ChevronText, whose
/// font requests a look's numbers hold) only.
let lookPlugins = ["ClassicLook", "ReederLook", "InstagramLook", "DailyBoothLook", "BBCustomLook", "ModernLook"]

var package = Package(
    name: "chevron",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ChevronText", targets: ["ChevronText"]),
        .library(name: "ChevronLooks", targets: ["ChevronLooks", "ChevronBuiltInLooks"]),
        .executable(name: "chevron", targets: ["chevron"]),
        .executable(name: "chevrond", targets: ["chevrond"]),
        .library(name: "ChevronClient", targets: ["ChevronClient"]),
        // JSONValue, which ChevronClient's replies hold; and for the fuzz targets (Fuzz/).
        .library(name: "ChevronJSON", targets: ["ChevronJSON"]),
        // For the benchmarks (Benchmarks/) and the fuzz targets (Fuzz/), which are packages of
        // their own.
        .library(name: "ChevronVarlink", targets: ["ChevronVarlink"]),
        .library(name: "ChevronWire", targets: ["ChevronWire"]),
        .library(name: "ChevronCheck", targets: ["ChevronCheck"]),
        .library(name: "ChevronService", targets: ["ChevronService"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The Varlink interface parser and generators (`make wire`); only ChevronWireTests use them.
        .package(name: "BuildTools", path: "BuildTools"),
    ],
    targets: [
        // C libraries from Debian, through pkg-config: a module map and a shim header each.
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // glibc and Linux calls the Glibc module lacks (malloc_trim, thread priority): part of libc.
        .systemLibrary(name: "CLinuxExtras"),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"])]
        ),

        // JSON read and written: the strict parser (with byte offsets), the one-pass reader the
        // wire types use, `JSONValue`, the compact and the pretty writers. Nothing of ours below it.
        .target(name: "ChevronJSON", swiftSettings: strictSwift),
        // What several modules need, with no C library below it: text escaped for output, line
        // breaks, byte-wise string equality and counting, the cache keys' hash.
        .target(name: "ChevronSupport", swiftSettings: strictSwift),
        .target(
            name: "ChevronText",
            dependencies: ["CFontconfig", "CFreeType", "CHarfBuzz", "CFriBidi", "ChevronSupport"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronLooks",
            dependencies: ["ChevronJSON", "ChevronText"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronRender",
            dependencies: ["CCairo", "CFreeType", "CPNG", "ChevronLooks", "ChevronText"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronVarlink",
            dependencies: ["ChevronJSON", .product(name: "NIOCore", package: "swift-nio")],
            resources: [.embedInCode("Interfaces/org.varlink.service.varlink")],
            swiftSettings: strictSwift
        ),
        // The wire types of chevron's interfaces, generated from Sources/ChevronService/Interfaces
        // by `make wire` (BuildTools/).
        .target(
            name: "ChevronWire",
            dependencies: ["ChevronJSON", "ChevronVarlink", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSwift),
        // `chevron check`'s engine: the catalogues it reads (.strings, .xcstrings, strings.xml,
        // XLIFF, CSV, lines), its plan, the measuring of every title in every look through a
        // client, and the reports. The command is a thin layer over it; tests call it directly.
        .target(
            name: "ChevronCheck",
            dependencies: ["CLinuxExtras", "ChevronClient", "ChevronJSON", "ChevronSupport", "ChevronVarlink"],
            swiftSettings: strictSwift
        ),
        // The service in this process behind the client's transport: what `--local` answers with.
        .target(
            name: "ChevronInProcess",
            dependencies: ["ChevronBuiltInLooks", "ChevronClient", "ChevronService", "ChevronText", "ChevronVarlink"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronService",
            dependencies: [
                "ChevronWire",
                "ChevronJSON", "ChevronVarlink", "ChevronLooks", "ChevronRender", "ChevronText",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [
                .embedInCode("Interfaces/io.chevron.Text.varlink"),
                .embedInCode("Interfaces/io.chevron.BackButton.varlink"),
                .embedInCode("Interfaces/io.chevron.Service.varlink"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronDaemon",
            dependencies: [
                "CLinuxExtras",
                "ChevronJSON",
                "ChevronText",
                "ChevronVarlink",
                "ChevronWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronClient",
            dependencies: [
                "ChevronJSON",
                "ChevronWire",
                "ChevronVarlink",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronBuiltInLooks",
            dependencies: ["ChevronLooks"] + lookPlugins.map { Target.Dependency(stringLiteral: $0) },
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "chevron",
            dependencies: [
                "CLinuxExtras",
                "ChevronCheck",
                "ChevronClient",
                "ChevronInProcess",
                "ChevronJSON",
                "ChevronLooks",
                "ChevronService",
                "ChevronVarlink",
                "ChevronText",
                "ChevronBuiltInLooks",
                "ChevronRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strictSwift
        ),

        .executableTarget(
            name: "chevrond",
            dependencies: [
                "ChevronDaemon",
                "ChevronService",
                "ChevronText",
                "ChevronVarlink",
                "ChevronBuiltInLooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),

        // Helpers the test targets share (a chevrond process, fonts, bitmaps): a test target, so
        // that only test builds compile it.
        .testTarget(
            name: "ChevronTestSupport",
            dependencies: ["CCairo"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronWireTests",
            dependencies: [
                "ChevronJSON", "ChevronWire", "ChevronVarlink", "ChevronTestSupport",
                .product(name: "VarlinkIDL", package: "BuildTools"),
                .product(name: "VarlinkCodegen", package: "BuildTools"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronCheckTests",
            dependencies: ["ChevronCheck", "ChevronClient", "ChevronInProcess", "ChevronJSON", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        // Replays the fuzz corpus and past crashes through the fuzz targets' entry points:
        // FuzzEntries.swift here is a symbolic link to Fuzz/Entries/FuzzEntries.swift, so the
        // tests compile the very file the fuzz package builds, without building that package.
        .testTarget(
            name: "ChevronFuzzingTests",
            dependencies: [
                "ChevronBuiltInLooks", "ChevronCheck", "ChevronJSON", "ChevronLooks", "ChevronService", "ChevronText",
                "ChevronVarlink", "ChevronWire",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronTextTests",
            dependencies: ["ChevronText", "CHarfBuzz", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronLooksTests",
            dependencies: ["ChevronLooks", "ChevronBuiltInLooks", "ChevronText", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronRenderTests",
            dependencies: [
                "ChevronRender", "ChevronBuiltInLooks", "ChevronLooks", "ChevronText", "CCairo", "ChevronTestSupport",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronVarlinkTests",
            dependencies: [
                "ChevronJSON",
                "ChevronVarlink",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronJSONTests",
            dependencies: ["ChevronJSON"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronDaemonTests",
            dependencies: ["chevrond", "ChevronDaemon", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronServiceTests",
            dependencies: [
                "ChevronService", "ChevronBuiltInLooks", "ChevronText", "ChevronVarlink", "ChevronTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronClientTests",
            dependencies: ["ChevronClient", "chevrond", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronCLITests",
            dependencies: ["chevron", "chevrond", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
    ]
)

package.targets += lookPlugins.map { name in
    .target(
        name: name, dependencies: ["ChevronLooks", "ChevronText"], path: "Plugins/\(name)", swiftSettings: strictSwift)
}
