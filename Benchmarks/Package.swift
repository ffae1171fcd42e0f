// swift-tools-version: 6.1
// Chevron's benchmarks, a package of their own so that building chevron never builds them:
//
// - Benchmarks/ChevronTextBenchmarks: the ordo-one/benchmark suites (`make bench`). The benchmark
//   plugin takes every executable target whose folder is in a folder named Benchmarks for a
//   suite, so the suites live there and nothing else does.
// - Sources/chevron-profile: the same workloads as a plain loop, for perf and valgrind.
// - Sources/nio-echo-floor: the framework's floor for the daemon benchmarks.
//
// The floors (floors/), the load clients (daemon/, check/) and the scripts that run everything
// and print ratios (scripts/) sit beside them; `make bench` and its siblings call the scripts.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ChevronBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "chevron", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "ChevronTextBenchmarks",
            dependencies: [
                .product(name: "ChevronText", package: "chevron"),
                .product(name: "ChevronLooks", package: "chevron"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ChevronTextBenchmarks",
            swiftSettings: strictSwift,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One workload of the suites over the titles in a loop, to run under perf or valgrind.
        .executableTarget(
            name: "chevron-profile",
            dependencies: [
                .product(name: "ChevronText", package: "chevron"),
                .product(name: "ChevronLooks", package: "chevron"),
                .product(name: "ChevronService", package: "chevron"),
                .product(name: "ChevronVarlink", package: "chevron"),
                .product(name: "ChevronWire", package: "chevron"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        // The framework's floor for scripts/bench-daemon.sh: a bare SwiftNIO server with
        // chevrond's event-loop setup and framing that answers every message with a fixed reply.
        .executableTarget(
            name: "nio-echo-floor",
            dependencies: [
                .product(name: "ChevronVarlink", package: "chevron"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
