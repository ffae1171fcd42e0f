// swift-tools-version: 6.1
// Chevron: back-button metrics for iOS-style navigation bars drawn outside iOS.
// The module layout follows docs/DESIGN.md: executables → Daemon/Client → Service → Looks → Text → C.

import Foundation
import PackageDescription

/// ordo-one/benchmark costs minutes to build; only `make bench` (CHEVRON_BENCHMARKS=1) pays for it.
let benchmarksEnabled = ProcessInfo.processInfo.environment["CHEVRON_BENCHMARKS"] == "1"

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// One module per look under Plugins/, each depending on ChevronLooks only.
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
        // For the fuzz package (Fuzz/) only.
        .library(name: "ChevronFuzzing", targets: ["ChevronFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
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

        .target(
            name: "ChevronText",
            dependencies: ["CFontconfig", "CFreeType", "CHarfBuzz", "CFriBidi"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronLooks",
            dependencies: ["ChevronText"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronRender",
            dependencies: ["CCairo", "CFreeType", "CPNG", "ChevronLooks", "ChevronText"],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronVarlink",
            dependencies: [.product(name: "NIOCore", package: "swift-nio")],
            resources: [.embedInCode("Interfaces/org.varlink.service.varlink")],
            swiftSettings: strictSwift
        ),
        // The Varlink interface files' parser and the generator of Swift wire types from them
        // (`make wire`); the generated files live in Sources/ChevronWire.
        .target(name: "VarlinkIDL", path: "BuildTools/VarlinkIDL", swiftSettings: strictSwift),
        .executableTarget(
            name: "varlink-codegen", dependencies: ["VarlinkIDL"], path: "BuildTools/VarlinkCodegen",
            swiftSettings: strictSwift),
        // The framework's floor for scripts/bench-daemon.sh: a bare SwiftNIO server with chevrond's
        // event-loop setup and framing that answers every message with a fixed reply. (Not under
        // Benchmarks/: package-benchmark takes every executable there for a benchmark.)
        .executableTarget(
            name: "nio-echo-floor",
            dependencies: [
                "ChevronVarlink", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift),
        // The wire types of chevron's interfaces, generated from Sources/ChevronService/Interfaces.
        .target(
            name: "ChevronWire",
            dependencies: ["ChevronVarlink", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSwift),
        // `chevron check`'s engine: the catalogues it reads (.strings, .xcstrings, strings.xml,
        // XLIFF, CSV, lines), its plan, the measuring of every title in every look through a
        // client, and the reports. The command is a thin layer over it; tests call it directly.
        .target(
            name: "ChevronCheck",
            dependencies: ["ChevronClient", "ChevronText", "ChevronVarlink"],
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
                "ChevronVarlink", "ChevronLooks", "ChevronRender", "ChevronText",
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
                "ChevronService",
                "ChevronVarlink",
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
                "ChevronBuiltInLooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),

        // The fuzz targets' entry points (Fuzz/ builds them with libFuzzer; the tests replay
        // their corpus and past crashes through them).
        .target(
            name: "ChevronFuzzing",
            dependencies: [
                "ChevronBuiltInLooks", "ChevronCheck", "ChevronLooks", "ChevronService", "ChevronText",
                "ChevronVarlink",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "ChevronTestSupport",
            dependencies: ["CCairo"],
            path: "Tests/ChevronTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronWireTests",
            dependencies: [
                "ChevronWire", "VarlinkIDL", "ChevronVarlink", "ChevronTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronCheckTests",
            dependencies: ["ChevronCheck", "ChevronClient", "ChevronInProcess", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronFuzzingTests",
            dependencies: ["ChevronFuzzing"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronTextTests",
            dependencies: ["ChevronText", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronLooksTests",
            dependencies: ["ChevronLooks", "ChevronBuiltInLooks", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronRenderTests",
            dependencies: ["ChevronRender", "ChevronBuiltInLooks", "CCairo", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronVarlinkTests",
            dependencies: [
                "ChevronVarlink",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOTestUtils", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronDaemonTests",
            dependencies: ["chevrond", "ChevronTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ChevronServiceTests",
            dependencies: [
                "ChevronService", "ChevronBuiltInLooks", "ChevronText", "ChevronVarlink",
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
    .target(name: name, dependencies: ["ChevronLooks"], path: "Plugins/\(name)", swiftSettings: strictSwift)
}

if benchmarksEnabled {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"])
    )
    package.targets.append(
        .executableTarget(
            name: "ChevronTextBenchmarks",
            dependencies: [
                "ChevronText",
                "ChevronLooks",
                "ChevronBuiltInLooks",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ChevronTextBenchmarks",
            swiftSettings: strictSwift,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
    // The same workloads as a plain loop, to run under a profiler (perf record -g); outside
    // Benchmarks/, where the benchmark plugin takes every executable for a benchmark.
    package.targets.append(
        .executableTarget(
            name: "chevron-profile",
            dependencies: [
                "ChevronText", "ChevronLooks", "ChevronBuiltInLooks", "ChevronService", "ChevronVarlink", "ChevronWire",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Profiling/chevron-profile",
            swiftSettings: strictSwift
        )
    )
}
