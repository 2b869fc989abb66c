// swift-tools-version:6.0
// iconaudit — audits a family of iOS bar icons for consistency, from pixels.
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

let package = Package(
  name: "iconaudit",
  products: [
    .executable(name: "iconaudit", targets: ["iconaudit"]),
    .library(name: "IconAuditKit", targets: ["AuditFrontend", "IconAuditCLI"]),
    // SwiftPM plugins (Plugins/): `swift package iconaudit`, and an audit of a target's asset
    // catalogs on every build that changed them.
    .plugin(name: "IconAuditPlugin", targets: ["IconAuditPlugin"]),
    .plugin(name: "IconAuditBuildPlugin", targets: ["IconAuditBuildPlugin"]),
  ],
  targets: [
    // MARK: C leaf targets. No C type crosses a public Swift API.
    // libpng: classic API behind a C shim that owns the setjmp error path. CLibPNGSystem is only
    // there for pkg-config's include and library folders (Homebrew's are not the compiler's own).
    // The providers: Debian's packages (apt) and Homebrew's formulae (brew) with these libraries.
    .systemLibrary(
      name: "CLibPNGSystem", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .target(
      name: "CLibPNG",
      dependencies: ["CLibPNGSystem"],
      linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]
    ),
    // zlib (libpng's own): a git repository's loose objects are read in process (GitObjects).
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(
      name: "CFFTW", pkgConfig: "fftw3",
      providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
    ),
    .systemLibrary(
      name: "CLibRSVG", pkgConfig: "librsvg-2.0",
      providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
    ),
    .systemLibrary(
      name: "CPopplerGlib", pkgConfig: "poppler-glib",
      providers: [.apt(["libpoppler-glib-dev"]), .brew(["poppler"])]
    ),
    // Small C shims over librsvg and poppler: glib, cairo and GError stay in C. CShimSupport holds
    // what both share (the message buffer, the copy out of a cairo canvas); it links nothing.
    .target(name: "CShimSupport"),
    .target(name: "CRSVG", dependencies: ["CLibRSVG", "CShimSupport"]),
    .target(name: "CPoppler", dependencies: ["CPopplerGlib", "CShimSupport"]),
    // SHA-256's block function with the x86 SHA extensions (IconSupport's SHA256 uses it where
    // the processor has them); links nothing.
    .target(name: "CSHA256"),

    // MARK: Swift modules, in data-flow order; nothing imports upwards. Each lists the modules its
    // files import (no more, no less); C modules are imported `internal`, so no C type can appear in
    // a public API (CFFTW is `package` in one file: the spectrum workspace's buffers).
    // General helpers (parallel map, bounded file reading, folder listing, path text, SHA-256):
    // Foundation and CSHA256 only.
    .target(name: "IconSupport", dependencies: ["CSHA256"]),
    // Decoding and rendering: libpng, librsvg and poppler stay behind this module.
    .target(name: "IconRaster", dependencies: ["IconSupport", "CLibPNG", "CRSVG", "CPoppler"]),
    .target(name: "IconMetrics", dependencies: ["IconRaster", "CFFTW"]),
    .target(name: "FamilyAnalysis", dependencies: ["IconMetrics"]),
    .target(name: "Guidelines", dependencies: ["IconSupport", "IconRaster", "IconMetrics", "FamilyAnalysis"]),
    .target(name: "ReportWriters", dependencies: ["IconSupport", "IconRaster", "IconMetrics", "FamilyAnalysis", "Guidelines"]),
    // The audit as a library call: measuring, judging, baselines, snapshots; prints nothing.
    .target(name: "AuditFrontend", dependencies: ["IconSupport", "IconRaster", "IconMetrics", "Guidelines", "ReportWriters", "AppCodeScan", "CZlib"]),
    .target(name: "ArgumentParsing", dependencies: ["IconSupport"]),
    // Which images an app's code, storyboards and SwiftUI views put in bars (read as text).
    .target(name: "AppCodeScan"),
    // The command line: parses, calls the frontend, prints, picks the exit code.
    .target(
      name: "IconAuditCLI",
      dependencies: ["ArgumentParsing", "IconSupport", "IconRaster", "Guidelines", "ReportWriters", "AuditFrontend", "AppCodeScan"]
    ),
    .executableTarget(name: "iconaudit", dependencies: ["IconAuditCLI"]),
    // The plugins run the iconaudit executable (built from these sources for the host).
    .plugin(
      name: "IconAuditPlugin",
      capability: .command(
        intent: .custom(verb: "iconaudit", description: "Audit the bar icons in the package's asset catalogs."),
        permissions: [.writeToPackageDirectory(reason: "iconaudit writes the reports you name with --output or --write-baseline.")]
      ),
      dependencies: ["iconaudit"]
    ),
    .plugin(name: "IconAuditBuildPlugin", capability: .buildTool(), dependencies: ["iconaudit"]),
    // Kernel timings for scripts/bench (release builds only).
    .executableTarget(name: "iconaudit-bench", dependencies: ["IconSupport", "IconRaster", "IconMetrics"]),

    // MARK: Fuzzing (scripts/fuzz). Each target is a libFuzzer binary when built with
    // -Xcc -DICONAUDIT_FUZZING -Xswiftc -sanitize=fuzzer; an ordinary build makes plain programs
    // that replay the inputs named on their command line. FuzzBodies holds what each target runs,
    // so the regression tests replay crash inputs through the same code.
    .target(name: "FuzzSupport"),
    .target(name: "FuzzBodies", dependencies: ["IconRaster", "IconMetrics", "Guidelines", "ReportWriters"]),
    .executableTarget(name: "FuzzPNG", dependencies: ["FuzzBodies", "FuzzSupport"]),
    .executableTarget(name: "FuzzSVG", dependencies: ["FuzzBodies", "FuzzSupport"]),
    .executableTarget(name: "FuzzCatalog", dependencies: ["FuzzBodies", "FuzzSupport"]),

    // MARK: Tests (Swift Testing).
    // Test data makers shared by the test targets (an independent PNG writer, seeded randomness).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "IconSupportTests", dependencies: ["IconSupport"]),
    .testTarget(name: "IconRasterTests", dependencies: ["IconRaster", "TestSupport"]),
    // Guidelines: the text detector's tests draw with the rule examples' `ExampleDrawing`.
    .testTarget(name: "IconMetricsTests", dependencies: ["IconRaster", "IconMetrics", "Guidelines", "TestSupport"]),
    .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
    .testTarget(name: "AppCodeScanTests", dependencies: ["AppCodeScan"]),
    .testTarget(name: "FamilyAnalysisTests", dependencies: ["IconRaster", "IconMetrics", "FamilyAnalysis", "TestSupport"]),
    .testTarget(name: "GuidelinesTests", dependencies: ["IconRaster", "IconMetrics", "FamilyAnalysis", "Guidelines"]),
    .testTarget(
      name: "ReportWritersTests",
      dependencies: ["IconRaster", "IconMetrics", "FamilyAnalysis", "Guidelines", "ReportWriters"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "IconAuditCLITests",
      dependencies: ["IconRaster", "IconMetrics", "Guidelines", "ReportWriters", "AuditFrontend", "AppCodeScan", "TestSupport"]
    ),
    .testTarget(
      name: "RobustnessTests",
      dependencies: ["IconSupport", "IconRaster", "IconMetrics", "Guidelines", "ReportWriters", "FuzzBodies", "TestSupport"],
      exclude: ["Corpus"]
    ),
    // Runs programs as users do: the SwiftPM plugins on the package in Tests/PluginFixture (slow:
    // scripts/test turns them on), scripts/ci-example. Links nothing of iconaudit.
    .testTarget(name: "IntegrationTests"),
  ],
  swiftLanguageModes: [.v6]
)

// Each file imports what it uses: an extension member (such as `parallelMap`) is visible only where
// its module is imported, not through whatever some other import happens to load (SE-0444).
for target in package.targets where target.type != .system && target.type != .plugin {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
