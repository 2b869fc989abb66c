// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import ReportWriters
import Testing

/// An image the audit leaves out whatever its pixels (no role, not in the code; too large for a
/// bar, rendered as original, or an app icon) is measured only for its scope
/// (``MeasuredIcon/scopeOnly``): the report is the one of measuring every image whole, an
/// unreadable file of such a set is still named, and a cached scope-only entry is measured whole
/// again by a run that needs it whole.
@Suite(.serialized) struct ScopeOnlyMeasurementTests {
  /// `bytes` (a PNG) with one byte of its first IDAT chunk's data changed: a CRC error.
  static func damaged(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    let idat = Array("IDAT".utf8)
    let at = (8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == idat }!
    bytes[at + 8] ^= 0x5A
    return bytes
  }

  /// Large images at @1x–@3x (colour art, a one-colour glyph, an opaque fill), a set rendered as
  /// original, an app icon, large sets with a damaged @2x, a damaged @3x (the @2x is analysed) and
  /// a truncated only file, beside a tab bar family.
  static func make() throws -> FixtureCatalog {
    let fixture = FixtureCatalog(root: try makeTemporaryFolder("scope-only"))
    try fixture.group("")
    try fixture.group("TabBar")
    for (index, name) in ["home", "search", "profile"].enumerated() {
      let set = FixtureCatalog.scales(name, glyph: index, scales: [2, 3])
      try fixture.set("TabBar/\(name).imageset", set.entries, files: set.files)
    }
    func set(_ path: String, _ files: [Int: [UInt8]], properties: String? = nil) throws {
      let named = Dictionary(uniqueKeysWithValues: files.map { ("f@\($0.key)x.png", $0.value) })
      try fixture.set(path, files.keys.sorted().map { FixtureCatalog.entry("f@\($0)x.png", scale: "\($0)x") },
                      files: named, properties: properties)
    }
    let art = { (scale: Int) in BarScopeTests.colourImage(widthPt: 200, heightPt: 150, scale: scale) }
    try set("Art/hero.imageset", [1: art(1), 2: art(2), 3: art(3)])
    try set("Art/placeholder.imageset", [2: FixtureCatalog.smallGlyph(scale: 2, canvasPt: 120),
                                         3: FixtureCatalog.smallGlyph(scale: 3, canvasPt: 120)])
    try set("Art/panel.imageset", [2: BarScopeTests.roundedFill(sidePt: 100, scale: 2)])
    try set("Art/broken.imageset", [1: art(1), 2: damaged(art(2)), 3: art(3)])
    try set("Art/broken-best.imageset", [2: art(2), 3: damaged(art(3))])
    let truncated = art(2)
    try set("Art/truncated.imageset", [2: Array(truncated.prefix(truncated.count / 2))])
    try set("Badges/star.imageset", [2: FixtureCatalog.smallGlyph(scale: 2, canvasPt: 20),
                                     3: FixtureCatalog.smallGlyph(scale: 3, canvasPt: 20)],
            properties: "\"template-rendering-intent\": \"original\"")
    try set("AppIcon-Dark.imageset", [2: FixtureCatalog.smallGlyph(scale: 2, canvasPt: 30)])
    return fixture
  }

  static func audit(_ root: String, whole: Bool, cache: String? = nil, allImages: Bool = false) -> AuditResult {
    var options = MeasurementOptions()
    options.measuresLeftOutImagesWhole = whole
    options.cache = cache.map { MeasurementCache(directory: $0) }
    var configuration = AuditConfiguration()
    configuration.allImages = allImages
    return try! AuditFrontend.run(AuditRequest(paths: [root], configuration: configuration, options: options))
  }

  static func json(_ result: AuditResult) -> String { JSONReportWriter.write(result.report, toolVersion: "TEST") }

  @Test func imagesLeftOutWhateverTheirPixelsGiveTheReportOfWholeMeasurements() throws {
    let fixture = try Self.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let whole = Self.audit(fixture.root, whole: true)
    let scoped = Self.audit(fixture.root, whole: false)
    #expect(Self.json(scoped) == Self.json(whole))
    #expect(scoped.unreadable == whole.unreadable)
    #expect(scoped.diagnostics.map(\.description) == whole.diagnostics.map(\.description))
    #expect(!whole.measuredIcons.contains { $0.scopeOnly })
    let scopeOnly = Set(scoped.measuredIcons.filter(\.scopeOnly).map(\.id))
    #expect(scopeOnly == Set(["hero", "placeholder", "panel", "broken", "broken-best"].map { "App.xcassets/Art/\($0)" }
                             + ["App.xcassets/Badges/star", "App.xcassets/AppIcon-Dark"]), "\(scopeOnly)")
    // Every reason and detail as measured whole; the damaged files still named.
    let leftOut = Dictionary(uniqueKeysWithValues: scoped.report.scope!.leftOut.map { ($0.path, $0.reason) })
    #expect(leftOut["App.xcassets/Art/hero.imageset/f@3x.png"] == .colourIllustration)
    #expect(leftOut["App.xcassets/Art/placeholder.imageset/f@3x.png"] == .tooLarge)
    #expect(leftOut["App.xcassets/Art/panel.imageset/f@2x.png"] == .solidFill)
    #expect(leftOut["App.xcassets/Art/broken-best.imageset/f@2x.png"] == .colourIllustration)
    #expect(leftOut["App.xcassets/Badges/star.imageset/f@3x.png"] == .originalRendering)
    #expect(leftOut["App.xcassets/AppIcon-Dark.imageset/f@2x.png"] == .appIcon)
    let unreadable = Set(scoped.unreadable.map(\.reportPath))
    #expect(unreadable == ["App.xcassets/Art/broken.imageset/f@2x.png", "App.xcassets/Art/broken-best.imageset/f@3x.png",
                           "App.xcassets/Art/truncated.imageset/f@2x.png"], "\(unreadable)")
    // The tab bar family is measured whole and audited.
    #expect(scoped.report.icons.filter { $0.id.hasPrefix("App.xcassets/TabBar/") }.count == 3)
  }

  /// A scope-only entry serves a later audit that leaves the image out again (warm, the same
  /// report), and is measured whole again by one that keeps it (`allImages`: the report of a run
  /// without a cache).
  @Test func aScopeOnlyEntryIsMeasuredWholeWhenARunNeedsIt() throws {
    let fixture = try Self.make()
    let cache = try makeTemporaryFolder("scope-only-cache")
    defer {
      try? FileManager.default.removeItem(atPath: fixture.root)
      try? FileManager.default.removeItem(atPath: cache)
    }
    let cold = Self.json(Self.audit(fixture.root, whole: false))
    #expect(Self.json(Self.audit(fixture.root, whole: false, cache: cache)) == cold)
    let warm = Self.audit(fixture.root, whole: false, cache: cache)
    #expect(Self.json(warm) == cold)
    #expect(warm.measuredIcons.filter(\.scopeOnly).count == 7)
    let all = Self.audit(fixture.root, whole: false, cache: cache, allImages: true)
    #expect(!all.measuredIcons.contains { $0.scopeOnly })
    #expect(Self.json(all) == Self.json(Self.audit(fixture.root, whole: true, allImages: true)))
    // The entries now measured whole serve the audit that leaves the images out, as before.
    #expect(Self.json(Self.audit(fixture.root, whole: false, cache: cache)) == cold)
  }
}
