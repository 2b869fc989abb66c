// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster
import TestSupport
import Testing

@Suite struct VectorRenderingTests {
  static let circleSVG = Array("""
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="8" fill="#000"/>
    </svg>
    """.utf8)

  @Test(arguments: [1.0, 2.0, 3.0])
  func svgCircleCoverage(scale: Double) throws {
    let image = try VectorRenderer.renderSVG(Self.circleSVG, path: "c.svg", scale: scale)
    #expect(image.width == Int(24 * scale) && image.height == Int(24 * scale))
    let mask = image.alphaMask
    let expected = Double.pi * pow(8 * scale, 2)
    #expect(abs(mask.inkPx - expected) / expected < 0.01)
    // Un-premultiplied colour: every covered pixel is black.
    for i in 0..<mask.pixelCount where image.pixels[i * 4 + 3] > 0 {
      #expect(image.pixels[i * 4] == 0 && image.pixels[i * 4 + 1] == 0 && image.pixels[i * 4 + 2] == 0)
    }
  }

  @Test func svgColourIsUnpremultiplied() throws {
    let svg = Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#ff8040" fill-opacity="0.5"/></svg>
      """.utf8)
    let image = try VectorRenderer.renderSVG(svg, path: "r.svg", scale: 1)
    let (r, g, b, a) = (image.pixels[0], image.pixels[1], image.pixels[2], image.pixels[3])
    #expect(abs(Int(a) - 128) <= 1)
    #expect(r == 255 && abs(Int(g) - 0x80) <= 2 && abs(Int(b) - 0x40) <= 2)
  }

  @Test func svgIntrinsicSizeFromViewBox() throws {
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"><rect width="30" height="20"/></svg>"#.utf8)
    let size = try VectorRenderer.svgSize(svg, path: "v.svg")
    #expect(size.width == 30 && size.height == 20)
  }

  @Test func malformedSVG() {
    for bad in ["<svg", "not xml at all", ""] {
      #expect {
        try VectorRenderer.renderSVG(Array(bad.utf8), path: "bad.svg", scale: 2)
      } throws: { error in
        if case .malformedSVG(let path, _) = error as? RasterError { return path == "bad.svg" }
        return false
      }
    }
  }

  @Test func pdfSquare() throws {
    let pdf = makePDF(width: 22, height: 22, content: "0 0 0 rg 4 4 14 14 re f")
    let size = try VectorRenderer.pdfSize(pdf, path: "p.pdf")
    #expect(size.width == 22 && size.height == 22)
    let image = try VectorRenderer.renderPDF(pdf, path: "p.pdf", scale: 2)
    #expect(image.width == 44 && image.height == 44)
    #expect(abs(image.alphaMask.inkPx - 784) < 784 * 0.01)
  }

  @Test func corruptPDF() {
    var pdf = makePDF(width: 22, height: 22, content: "0 0 0 rg 4 4 14 14 re f")
    pdf = Array(pdf.prefix(20))
    #expect {
      try VectorRenderer.renderPDF(pdf, path: "broken.pdf", scale: 2)
    } throws: { error in
      if case .malformedPDF(let path, _) = error as? RasterError { return path == "broken.pdf" }
      return false
    }
  }
}

@Suite struct DiscoveryTests {
  @Test func parsesScaleSuffixes() {
    #expect(IconDiscovery.parse(fileName: "star.png")! == ("star", 1, .png))
    #expect(IconDiscovery.parse(fileName: "star@2x.png")! == ("star", 2, .png))
    #expect(IconDiscovery.parse(fileName: "star@3x.PNG")! == ("star", 3, .png))
    #expect(IconDiscovery.parse(fileName: "a@b.png")! == ("a@b", 1, .png))
    #expect(IconDiscovery.parse(fileName: "glyph.svg")! == ("glyph", nil, .svg))
    #expect(IconDiscovery.parse(fileName: "notes.txt") == nil)
    #expect(IconDiscovery.parse(fileName: "@2x.png") == nil)
  }

  /// The file-name parse as it was written with NSString's path methods: the reference for the
  /// plain-string version, which must split every name the same way.
  static func parseWithNSString(_ fileName: String) -> (name: String, scale: Int?, kind: IconFileKind)? {
    let ns = fileName as NSString
    guard let kind = IconFileKind(pathExtension: ns.pathExtension) else { return nil }
    var stem = ns.deletingPathExtension
    var scale: Int? = kind == .png ? 1 : nil
    if let at = stem.range(of: "@", options: .backwards) {
      let suffix = stem[at.upperBound...]
      if suffix.count == 2, suffix.last == "x", let n = Int(suffix.prefix(1)), (1...3).contains(n) {
        stem = String(stem[..<at.lowerBound])
        if kind == .png { scale = n }
      }
    }
    guard !stem.isEmpty else { return nil }
    return (stem, scale, kind)
  }

  @Test("file names split as NSString's path methods split them (edge cases and 20,000 random names)")
  func parseMatchesNSString() {
    var names = [
      "a.png", ".png", "..png", "a.", "a..", "a..png", "a.PNG", "y.", "a.b.c", "a b.svg", "é.pdf",
      "a\u{301}.png", "a.png\u{301}", "@2x.png", "@@2x.png", "a@2x@3x.png", "a@4x.png", "a@0x.png",
      "a@2X.png", "a@22x.png", "a@2x.svg", "a@2x.pdf", "a.tar.gz.png", ".hidden@2x.png", "x@3x.Png",
    ]
    let alphabet = Array("a.@23xpngsvdfPNG é")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let length = Int.random(in: 2...9, using: &generator)
      names.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }
    for name in names {
      let expected = Self.parseWithNSString(name)
      let actual = IconDiscovery.parse(fileName: name)
      #expect(expected?.name == actual?.name && expected?.scale == actual?.scale && expected?.kind == actual?.kind,
              "\(name): \(String(describing: actual)) against NSString's \(String(describing: expected))")
    }
  }

  @Test("files named one by one (a shell glob): one icon's scales keep short paths, not the whole path")
  func filesOneByOne() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("glob-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/TabBar", withIntermediateDirectories: true)
    let names = ["bell.png", "bell@2x.png", "bell@3x.png", "star@2x.png"]
    for name in names { _ = FileManager.default.createFile(atPath: root + "/TabBar/" + name, contents: Data([1])) }
    let (icons, issues) = IconDiscovery.discover(names.map { root + "/TabBar/" + $0 })
    #expect(issues.isEmpty)
    #expect(icons.map(\.id) == ["bell", "star"])
    #expect(icons.flatMap(\.files).map(\.relativePath) == names)
    // Only one icon's scales: still its file names.
    let (one, _) = IconDiscovery.discover(names.prefix(3).map { root + "/TabBar/" + $0 })
    #expect(one.flatMap(\.files).map(\.relativePath) == Array(names.prefix(3)))
    // Two folders' icons of one name are still told apart by their folders.
    try FileManager.default.createDirectory(atPath: root + "/Toolbar", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: root + "/Toolbar/bell.png", contents: Data([1]))
    let (two, _) = IconDiscovery.discover([root + "/TabBar/bell.png", root + "/Toolbar/bell.png"])
    #expect(two.map(\.id) == ["TabBar/bell", "Toolbar/bell"])
  }

  @Test("PNGs named without @Nx take the scale given, unless a file of the icon names its own or a catalog does")
  func pngScaleForPlainNames() {
    let plain = DiscoveredIcon(id: "a", name: "a", files: [IconFile(path: "d/a.png", relativePath: "a.png", kind: .png, scale: 1),
                                                           IconFile(path: "d/a.svg", relativePath: "a.svg", kind: .svg, scale: nil)])
    #expect(plain.withPNGScale(2).files.map(\.scale) == [2, nil])
    let named = DiscoveredIcon(id: "b", name: "b", files: [IconFile(path: "d/b.png", relativePath: "b.png", kind: .png, scale: 1),
                                                           IconFile(path: "d/b@2x.png", relativePath: "b@2x.png", kind: .png, scale: 2)])
    #expect(named.withPNGScale(3).files.map(\.scale) == [1, 2])
    let one = DiscoveredIcon(id: "c", name: "c", files: [IconFile(path: "d/c@1x.png", relativePath: "c@1x.png", kind: .png, scale: 1)])
    #expect(one.withPNGScale(2).files.map(\.scale) == [1])
    var catalog = plain
    catalog.catalog = CatalogInfo(templateRenderingIntent: nil, preservesVectorRepresentation: false, contentsPath: "a.imageset/Contents.json", kind: "imageset")
    #expect(catalog.withPNGScale(2).files.map(\.scale) == [1, nil])
    #expect(IconDiscovery.namesItsScale("x@2x.png") && !IconDiscovery.namesItsScale("x.png") && !IconDiscovery.namesItsScale("@2x.png"))
  }

  @Test func groupsScalesSortsAndSurvivesSymlinkLoops() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let fm = FileManager.default
    try fm.createDirectory(atPath: root + "/TabBar/sub", withIntermediateDirectories: true)
    for name in ["TabBar/star.png", "TabBar/star@2x.png", "TabBar/star@3x.png", "TabBar/b.svg", "TabBar/A.png",
                 "TabBar/sub/x@2x.png", "readme.txt", ".hidden.png"] {
      _ = fm.createFile(atPath: root + "/" + name, contents: Data([1]))
    }
    try fm.createSymbolicLink(atPath: root + "/TabBar/sub/loop", withDestinationPath: root + "/TabBar")
    try fm.createSymbolicLink(atPath: root + "/dangling.png", withDestinationPath: root + "/nothing.png")
    let (icons, issues) = IconDiscovery.discover([root, root + "/missing"])
    #expect(icons.map(\.id) == ["TabBar/A", "TabBar/b", "TabBar/star", "TabBar/sub/x"])
    let star = icons.first { $0.id == "TabBar/star" }!
    #expect(star.files.map(\.scale) == [1, 2, 3])
    #expect(star.primaryFile.relativePath == "TabBar/star@3x.png")
    #expect(issues.contains { $0.path.hasSuffix("/missing") && $0.reason.contains("no such") })
    #expect(issues.contains { $0.path.hasSuffix("dangling.png") })
  }
}

@Suite struct SeveralPathsTests {
  /// Two folders of the same layout once gave one icon for each pair of same-named files (the
  /// second silently dropped): with several PATHs, each one's paths are prefixed by its label.
  @Test func foldersOfTheSameLayoutStayApart() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let fm = FileManager.default
    for folder in ["44px/set-01", "50px/set-01", "a/Icons", "b/Icons", "c", "light", "dark"] {
      try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    for name in ["44px/set-01/x.png", "50px/set-01/x.png", "a/Icons/y.png", "b/Icons/y.png", "c/z.png",
                 "light/star.png", "dark/star@2x.png", "light/star@2x.png", "README.md"] {
      _ = fm.createFile(atPath: root + "/" + name, contents: Data([1]))
    }
    let sizes = IconDiscovery.discover([root + "/44px", root + "/50px/", root + "/44px"])
    #expect(sizes.icons.map(\.id) == ["44px/set-01/x", "50px/set-01/x"])
    #expect(sizes.icons.map { $0.files.count } == [1, 1])
    #expect(sizes.icons[1].primaryFile.relativePath == "50px/set-01/x.png")
    let apps = IconDiscovery.discover([root + "/a/Icons", root + "/b/Icons", root + "/c/z.png"])
    #expect(apps.icons.map(\.id) == ["a/Icons/y", "b/Icons/y", "c/z"])
    // A missing PATH is reported and does not change the others' paths.
    let one = IconDiscovery.discover([root + "/c", root + "/missing"])
    #expect(one.icons.map(\.id) == ["z"])
    #expect(one.issues.map(\.reason) == ["no such file or directory"])
    // Files given one by one keep their names while those differ.
    let files = IconDiscovery.discover([root + "/c/z.png", root + "/a/Icons/y.png"])
    #expect(files.icons.map(\.id) == ["y", "z"])
    // Files are told apart by their icon names: two folders' stars stay two icons; one folder's
    // star.png and star@2x.png are one icon at two scales.
    let stars = IconDiscovery.discover([root + "/light/star.png", root + "/dark/star@2x.png"])
    #expect(stars.icons.map(\.id) == ["dark/star", "light/star"])
    let scales = IconDiscovery.discover([root + "/light/star.png", root + "/light/star@2x.png"])
    #expect(scales.icons.count == 1 && scales.icons[0].files.map(\.scale) == [1, 2])
    // A file that is not an icon is reported and does not make the others' paths longer.
    let withReadme = IconDiscovery.discover([root + "/c", root + "/README.md"])
    #expect(withReadme.icons.map(\.id) == ["z"])
    #expect(withReadme.issues.map(\.reason) == ["unsupported file type (expected .png, .svg or .pdf)"])
  }
}

@Suite struct PathTextTests {
  /// An icon named with one character once crashed the audit (NSString path bug on Linux).
  @Test func oneCharacterIconNames() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("onechar-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/T", withIntermediateDirectories: true)
    for name in ["x.png", "T/y@2x.png"] { _ = FileManager.default.createFile(atPath: root + "/" + name, contents: Data([1])) }
    let (icons, _) = IconDiscovery.discover([root])
    #expect(icons.map(\.id) == ["T/y", "x"])
  }
}

@Suite struct ResampleTests {
  @Test func boxFilterConservesCoverageAndMatchesIntegerDownsampling() {
    var rng = SeededRandom(seed: 11)
    let mask = AlphaMask(width: 12, height: 9, scale: 3) { _, _ in Float(rng.unit()) }
    let down = mask.resampled(width: 4, height: 3)
    #expect(down.scale == 1)
    #expect(abs(down.inkPx * 9 - mask.inkPx) < 1e-3)
    // Each output pixel is the mean of a 3×3 block.
    var block = 0.0
    for y in 3..<6 { for x in 6..<9 { block += Double(mask[x, y]) } }
    #expect(abs(Double(down[2, 1]) - block / 9) < 1e-6)
  }

  @Test func fractionalRatioConservesCoverage() {
    var rng = SeededRandom(seed: 12)
    let mask = AlphaMask(width: 75, height: 75, scale: 3) { _, _ in Float(rng.unit()) }
    let two = mask.resampled(width: 50, height: 50)
    #expect(abs(two.scale - 2) < 1e-12)
    #expect(abs(two.inkPx * (75.0 * 75) / (50 * 50) - mask.inkPx) / mask.inkPx < 1e-5)
  }

  @Test func iou() {
    let a = AlphaMask(width: 4, height: 1, coverage: [1, 1, 0, 0])
    let b = AlphaMask(width: 4, height: 1, coverage: [0, 1, 1, 0])
    #expect(a.coreIoU(b) == 1.0 / 3)
    #expect(a.coreIoU(a) == 1)
  }
}

@Suite struct CoverageIoUTests {
  @Test func softIoU() {
    let a = AlphaMask(width: 3, height: 1, coverage: [1, 0.5, 0])
    let b = AlphaMask(width: 3, height: 1, coverage: [0.5, 0.5, 0.5])
    // min: 0.5 + 0.5 + 0 = 1; max: 1 + 0.5 + 0.5 = 2.
    #expect(a.coverageIoU(b) == 0.5)
    #expect(a.coverageIoU(a) == 1)
    #expect(AlphaMask(width: 2, height: 1).coverageIoU(AlphaMask(width: 2, height: 1)) == 1)
  }
}

@Suite struct SymbolTemplateTests {
  /// A custom symbol template: guides, notes, and the glyph in two weights; only Regular-M counts.
  static let template = Array("""
    <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
      <g id="Notes"><rect x="0" y="0" width="3300" height="60" fill="#000"/></g>
      <g id="Guides">
        <line id="Baseline-M" x1="0" y1="800" x2="3300" y2="800" stroke="#000" stroke-width="4"/>
        <line id="Capline-M" x1="0" y1="600" x2="3300" y2="600" stroke="#000" stroke-width="4"/>
      </g>
      <g id="Symbols">
        <g id="Ultralight-S" transform="matrix(1 0 0 1 300 700)"><rect x="-60" y="-60" width="120" height="120" fill="#000"/></g>
        <g id="Regular-M" transform="matrix(1 0 0 1 1500 700)"><circle cx="0" cy="0" r="50" fill="#000"/></g>
      </g>
    </svg>
    """.utf8)

  @Test func rendersOnlyTheRegularMediumGlyph() throws {
    let image = try SymbolRenderer.render(Self.template, path: "star.symbolset/star.svg", scale: 2)
    // Ø100 units × 0.17 pt/unit = 17 pt, canvas 17 + 4 = 21 pt → 42 px at @2x.
    #expect(image.width == 42 && image.height == 42)
    let expected = Double.pi * pow(8.5 * 2, 2)
    #expect(abs(image.alphaMask.inkPx - expected) / expected < 0.02, "only the disk: no guides, notes or other weights")
  }

  /// A template drawing a Ø100-unit disk at the scales given (each scale's disk `ratio` × 100 units).
  static func disks(_ layers: [(id: String, diameterUnits: Double)]) -> [UInt8] {
    let groups = layers.enumerated().map { index, layer in
      "<g id=\"\(layer.id)\" transform=\"matrix(1 0 0 1 \(400 + 500 * index) 700)\"><circle cx=\"0\" cy=\"0\" r=\"\(layer.diameterUnits / 2)\" fill=\"#000\"/></g>"
    }
    return Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
        <g id="Notes"><rect x="0" y="0" width="3300" height="60" fill="#000"/></g>
        <g id="Symbols">\(groups.joined())</g>
      </svg>
      """.utf8)
  }

  /// The disk's diameter in points, from its ink (the canvas is 4 pt larger than the glyph).
  static func diameterPt(_ image: RGBAImage) -> Double { Double(image.width) / image.scale - 4 }

  /// The bars' symbol sizes (`IconRole.symbolSize`).
  static let tabBar = SymbolSize(pointSize: 25, scale: .medium), toolbar = SymbolSize(pointSize: 17, scale: .large)

  @Test func aSymbolRendersAtTheSizeOfItsBar() throws {
    // Drawn at Regular-M only: a tab bar draws it at 25 pt medium (Ø25 pt), a toolbar at 17 pt
    // large (the medium glyph × 1.29: Ø21.9 pt), alone at 17 pt medium (Ø17 pt).
    let medium = Self.disks([("Regular-M", 100)])
    let tab = try SymbolRenderer.render(medium, path: "d.symbolset/d.svg", scale: 2, size: Self.tabBar)
    let toolbar = try SymbolRenderer.render(medium, path: "d.symbolset/d.svg", scale: 2, size: Self.toolbar)
    let alone = try SymbolRenderer.render(medium, path: "d.symbolset/d.svg", scale: 2)
    #expect(abs(Self.diameterPt(tab) - 25) <= 0.5)
    #expect(abs(Self.diameterPt(toolbar) - 21.93) <= 0.5)
    #expect(abs(Self.diameterPt(alone) - 17) <= 0.5)
    // Ink, not only the canvas: the disk's area at @2x.
    let expected = Double.pi * pow(12.5 * 2, 2)
    #expect(abs(tab.alphaMask.inkPx - expected) / expected < 0.02)

    // A template that draws the large scale itself: its own Regular-L glyph (Ø120 units), not
    // the medium one resized.
    let both = Self.disks([("Regular-M", 100), ("Regular-L", 120)])
    let large = try SymbolRenderer.render(both, path: "d.symbolset/d.svg", scale: 2, size: Self.toolbar)
    #expect(abs(Self.diameterPt(large) - 120 * 0.17) <= 0.5)
    // A template 3.0 that draws only the small scale: resized to medium (÷ 0.787), not drawn small.
    let small = Self.disks([("Regular-S", 78.7)])
    let fromSmall = try SymbolRenderer.render(small, path: "d.symbolset/d.svg", scale: 2, size: Self.tabBar)
    #expect(abs(Self.diameterPt(fromSmall) - 25) <= 0.5)
  }

  @Test func catalogSymbolSetIsReadAndRendered() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let set = root + "/Symbols.xcassets/dot.symbolset"
    try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    try Data(Self.template).write(to: URL(fileURLWithPath: set + "/dot.svg"))
    try Data(#"{"symbols": [{"filename": "dot.svg", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#.utf8)
      .write(to: URL(fileURLWithPath: set + "/Contents.json"))
    let (icons, issues) = IconDiscovery.discover([root])
    #expect(issues.isEmpty)
    #expect(icons.map(\.id) == ["Symbols.xcassets/dot"])
    #expect(icons.first?.catalog?.kind == "symbolset")
    let image = try IconLoader.load(icons[0].files[0], vectorScale: 2)
    #expect(image.width == 42)
  }
}
