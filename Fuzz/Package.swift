// swift-tools-version: 6.1
// The fuzz targets, one executable each, built with libFuzzer and AddressSanitizer by
// `make fuzz` (scripts/fuzz.sh): `swift build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
//`. A package of its own, so the normal build never meets these flags.
// The entry points live in the main package's ChevronFuzzing library, which the tests also run.

import PackageDescription

let targets = ["frames", "json", "one-pass", "calls", "manifest", "check-formats", "android", "xliff"]

let package = Package(
    name: "ChevronFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "chevron", path: "..")],
    targets: [
        // libFuzzer's driver and entry point, shared by the targets.
        .target(name: "FuzzDriver", path: "Driver", swiftSettings: [.swiftLanguageMode(.v6)])
    ]
        + targets.map { name in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["FuzzDriver", .product(name: "ChevronFuzzing", package: "chevron")],
                path: "Targets/\(name)",
                swiftSettings: [.swiftLanguageMode(.v6)],
                // -Xswiftc reaches the compiler, not the link: libFuzzer and ASan's runtime come from here.
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
            )
        }
)
