// swift-tools-version: 6.1
// The Varlink tools behind `make wire`: the interface files' parser (VarlinkIDL), the generators
// of Swift wire types and of docs/INTERFACES.md (VarlinkCodegen) and their command line
// (varlink-codegen). A package of its own: nothing that ships needs it, so `swift build` of
// chevron does not build it. `make wire` runs `swift run --package-path BuildTools
// varlink-codegen …`; the main package's ChevronWireTests link the two libraries, to check that
// the committed wire types are what the generators write now.

import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "BuildTools",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "VarlinkIDL", targets: ["VarlinkIDL"]),
        .library(name: "VarlinkCodegen", targets: ["VarlinkCodegen"]),
        .executable(name: "varlink-codegen", targets: ["varlink-codegen"]),
    ],
    targets: [
        .target(name: "VarlinkIDL", path: "VarlinkIDL", swiftSettings: strictSwift),
        .target(
            name: "VarlinkCodegen", dependencies: ["VarlinkIDL"], path: "VarlinkCodegen", swiftSettings: strictSwift),
        .executableTarget(
            name: "varlink-codegen", dependencies: ["VarlinkCodegen", "VarlinkIDL"], path: "varlink-codegen",
            swiftSettings: strictSwift),
    ]
)
