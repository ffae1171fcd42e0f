// swift-tools-version: 6.1
// The fuzz targets, one executable each, built with libFuzzer and AddressSanitizer by
// `make fuzz` (scripts/fuzz.sh): `swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address`.
// A package of its own, so the normal build never meets these flags.
//
// The entry points are in Entries/FuzzEntries.swift (the ChevronFuzzing library here). The main
// package's replay tests compile the same file through a symbolic link,
// Tests/ChevronFuzzingTests/FuzzEntries.swift -> ../../Fuzz/Entries/FuzzEntries.swift, so that
// `make test` replays Fuzz/corpus/TARGET/ and Fuzz/crashes/TARGET/ without building this package.
// A crash that `make fuzz` finds is written to Fuzz/crashes/TARGET/ and committed with its fix.

import PackageDescription

let targets = [
    "frames", "json", "one-pass", "calls", "manifest", "check-formats", "android", "xliff", "plurals", "project",
]

let package = Package(
    name: "ChevronFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "chevron", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // libFuzzer's driver and entry point, shared by the targets.
        .target(name: "FuzzDriver", path: "Driver", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The entry points: each takes arbitrary bytes and must return, whatever they are.
        .target(
            name: "ChevronFuzzing",
            dependencies: [
                .product(name: "ChevronCheck", package: "chevron"),
                .product(name: "ChevronJSON", package: "chevron"),
                .product(name: "ChevronLooks", package: "chevron"),
                .product(name: "ChevronService", package: "chevron"),
                .product(name: "ChevronText", package: "chevron"),
                .product(name: "ChevronVarlink", package: "chevron"),
                .product(name: "ChevronWire", package: "chevron"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Entries",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
        + targets.map { name in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["FuzzDriver", "ChevronFuzzing"],
                path: "Targets/\(name)",
                swiftSettings: [.swiftLanguageMode(.v6)],
                // -Xswiftc reaches the compiler, not the link: libFuzzer and ASan's runtime come from here.
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
            )
        }
)
