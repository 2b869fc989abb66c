// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster
import Testing
import TestSupport

/// A catalog as Xcode writes them, built here: every `Contents.json` key an image entry may carry,
/// every folder type, slots without files, photos, variants that are not scales; each read as
/// Xcode reads it (issue 22 item 1, issue 16 pattern 6).
struct FixtureCatalog {
  let root: String
  var catalog: String { root + "/App.xcassets" }

  /// One `images[]` entry: `filename` is left out when nil (an empty slot).
  static func entry(_ file: String?, idiom: String = "universal", scale: String? = nil, _ extra: String = "") -> String {
    var parts = ["\"idiom\": \"\(idiom)\""]
    if let file { parts.append("\"filename\": \"\(file)\"") }
    if let scale { parts.append("\"scale\": \"\(scale)\"") }
    if !extra.isEmpty { parts.append(extra) }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// Writes `Name.imageset` (or another folder type) with `entries` and `files`.
  func set(_ path: String, _ entries: [String], files: [String: [UInt8]] = [:], properties: String? = nil,
           key: String = "images") throws {
    let folder = catalog + "/" + path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, bytes) in files { try write(bytes, folder + "/" + name) }
    var json = "{\"\(key)\": [\(entries.joined(separator: ",\n  "))], \"info\": {\"author\": \"xcode\", \"version\": 1}"
    if let properties { json += ", \"properties\": {\(properties)}" }
    try write(Array((json + "}").utf8), folder + "/Contents.json")
  }

  /// A group folder (with the `Contents.json` Xcode writes for it).
  func group(_ path: String, namespace: Bool = false) throws {
    let folder = catalog + "/" + path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let properties = namespace ? ", \"properties\": {\"provides-namespace\": true}" : ""
    try write(Array("{\"info\": {\"author\": \"xcode\", \"version\": 1}\(properties)}".utf8), folder + "/Contents.json")
  }

  /// A glyph's three scales as files `stem@Nx.png`, and their entries (extra keys on each).
  static func scales(_ stem: String, glyph: Int, scales: [Int] = [1, 2, 3], idiom: String = "universal",
                     canvasPt: Double = 25, filled: Bool = false, _ extra: String = "")
    -> (entries: [String], files: [String: [UInt8]])
  {
    var entries: [String] = []
    var files: [String: [UInt8]] = [:]
    for scale in scales {
      let name = "\(stem)@\(scale)x.png"
      entries.append(entry(name, idiom: idiom, scale: "\(scale)x", extra))
      files[name] = canvasPt == 25 ? tabGlyph(glyph, scale: Double(scale), filled: filled) : smallGlyph(scale: Double(scale), canvasPt: canvasPt)
    }
    return (entries, files)
  }

  /// A square outline on a smaller canvas: the compact (landscape) variant of a tab bar glyph.
  static func smallGlyph(scale: Double, canvasPt: Double) -> [UInt8] {
    var d = ExampleDrawing(widthPt: canvasPt, heightPt: canvasPt, scale: scale)
    d.rectOutline(x: canvasPt * 0.2, y: canvasPt * 0.2, width: canvasPt * 0.6, height: canvasPt * 0.6, stroke: 1.5)
    return PNGCodec.encode(d.mask)
  }

  /// The first bytes of a JPEG (SOI, JFIF APP0) and of an HEIC (`ftyp heic`): photos by their bytes.
  static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9]
  static let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)

  /// Builds the whole catalog; `broken` adds a set naming a file that is not there.
  static func make(broken: Bool = false) throws -> FixtureCatalog {
    let fixture = FixtureCatalog(root: try makeTemporaryFolder("catalog-fixture"))
    try fixture.group("")
    try fixture.group("TabBar")
    try fixture.group("Toolbar", namespace: true)
    let template = "\"template-rendering-intent\": \"template\""

    // Compact size-class and dark-appearance variants: not scales (their own canvas and drawing).
    var home = scales("home", glyph: 0)
    let compact = scales("home-compact", glyph: 0, scales: [2, 3], canvasPt: 18, "\"height-class\": \"compact\"")
    let dark = scales("home-dark", glyph: 1, scales: [2, 3],
                      "\"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}]")
    home.entries += [entry(nil, scale: "1x", "\"height-class\": \"compact\"")] + compact.entries
    home.entries += [entry(nil, scale: "1x", "\"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}]")] + dark.entries
    try fixture.set("TabBar/home.imageset", home.entries, files: home.files.merging(compact.files) { a, _ in a }.merging(dark.files) { a, _ in a },
                    properties: template)
    let homeSelected = scales("home-selected", glyph: 0, filled: true)
    try fixture.set("TabBar/home-selected.imageset", homeSelected.entries, files: homeSelected.files, properties: template)

    // Every key an image entry may carry, each on a variant of its own beside the plain slots.
    var keys = scales("keys", glyph: 2, scales: [2, 3])
    let variants: [(String, String)] = [
      ("wide", "\"width-class\": \"regular\""), ("p3", "\"display-gamut\": \"display-P3\""),
      ("fr", "\"locale\": \"fr\""), ("rtl", "\"language-direction\": \"right-to-left\""),
      ("contrast", "\"appearances\": [{\"appearance\": \"contrast\", \"value\": \"high\"}]"),
      ("light", "\"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"light\"}]"),
      ("screen", "\"screen-width\": \">183\""), ("retina4", "\"subtype\": \"retina4\""),
    ]
    for (index, (name, extra)) in variants.enumerated() {
      let variant = scales("keys-\(name)", glyph: 3, scales: [2], canvasPt: 20 + Double(index), extra)
      keys.entries += variant.entries
      keys.files.merge(variant.files) { a, _ in a }
    }
    keys.entries.append(entry(nil, scale: "1x", "\"display-gamut\": \"sRGB\""))
    try fixture.set("TabBar/keys.imageset", keys.entries, files: keys.files,
                    properties: template + ", \"preserves-vector-representation\": true")

    // Device-specific: iphone and ipad drawn on different canvases; the iPhone's is audited.
    var device = scales("device-phone", glyph: 3, scales: [2, 3], idiom: "iphone")
    let pad = scales("device-pad", glyph: 3, scales: [1, 2], idiom: "ipad", canvasPt: 30)
    device.entries += pad.entries + [entry(nil, idiom: "mac", scale: "1x"), entry(nil, idiom: "car", scale: "2x"),
                                     entry(nil, idiom: "vision", scale: "2x"), entry(nil, idiom: "tv", scale: "1x")]
    try fixture.set("TabBar/device.imageset", device.entries, files: device.files.merging(pad.files) { a, _ in a }, properties: template)

    // A vector set kept as vector, and a toggle named with a space and capitals.
    let pdf = makePDF(width: 25, height: 25, content: "0 0 0 RG 2 w 3.5 3.5 18 18 re S")
    let filledPDF = makePDF(width: 25, height: 25, content: "0 0 0 rg 2.5 2.5 20 20 re f")
    try fixture.set("Toolbar/Pre-Meal.imageset", [entry("Pre-Meal.pdf")], files: ["Pre-Meal.pdf": pdf],
                    properties: "\"preserves-vector-representation\": true")
    try fixture.set("Toolbar/Pre-Meal Selected.imageset", [entry("Pre-Meal Selected.pdf")],
                    files: ["Pre-Meal Selected.pdf": filledPDF], properties: "\"preserves-vector-representation\": true")

    // The watch app's image set: screen-width slots, some without a file, as Xcode writes them.
    let watchPNG = tabGlyph(0, scale: 2)
    try fixture.set("Watch/Complication.imageset", [
      entry(nil, idiom: "watch", scale: "2x"),
      entry("c-145.png", idiom: "watch", scale: "2x", "\"screen-width\": \"<=145\""),
      entry(nil, idiom: "watch", scale: "2x", "\"screen-width\": \">161\""),
      entry("c-183.png", idiom: "watch", scale: "2x", "\"screen-width\": \">183\""),
    ], files: ["c-145.png": watchPNG, "c-183.png": watchPNG])
    try fixture.set("Mac/Sidebar.imageset", [entry("s.png", idiom: "mac", scale: "1x"), entry(nil, idiom: "mac", scale: "2x")],
                    files: ["s.png": tabGlyph(1, scale: 1)])

    // Photos, by their bytes: a JPEG, an HEIC, and a JPEG named .png.
    try fixture.set("Photos/Beach.imageset", [entry("beach.jpg", scale: "1x"), entry(nil, scale: "2x"), entry(nil, scale: "3x")],
                    files: ["beach.jpg": jpeg])
    try fixture.set("Photos/Portrait.imageset", [entry("portrait.heic")], files: ["portrait.heic": heic])
    try fixture.set("Photos/Renamed.imageset", [entry("renamed.png", scale: "2x")], files: ["renamed.png": jpeg])
    // A PNG named .jpg is a PNG.
    try fixture.set("TabBar/misnamed.imageset", [entry("misnamed.jpg", scale: "2x")], files: ["misnamed.jpg": tabGlyph(1, scale: 2)],
                    properties: template)

    // Slots only.
    try fixture.set("Empty.imageset", [entry(nil, scale: "1x"), entry(nil, scale: "2x"), entry(nil, scale: "3x")])
    // A symbol set whose SVG a build step copies in (brave's): nothing to audit yet.
    try fixture.set("Symbols/leo.symbolset", [entry(nil)], key: "symbols")

    // Other folder types, with what they usually hold (an image set inside some): never audited,
    // never an error, even with a file missing.
    let png = tabGlyph(2, scale: 2)
    try fixture.set("AppIcon.appiconset", [entry("gone.png", idiom: "iphone", scale: "2x", "\"size\": \"60x60\""),
                                            entry(nil, idiom: "ios-marketing", scale: "1x", "\"size\": \"1024x1024\"")])
    try fixture.set("Tint.colorset", [], key: "colors")
    try fixture.set("Model.dataset", [entry("model.bin")], files: ["model.bin": [1, 2, 3]], key: "data")
    try fixture.set("Launch.launchimage", [entry("launch.png", idiom: "iphone", scale: "2x")], files: ["launch.png": png])
    try fixture.set("Brand.brandassets", [], key: "assets")
    try fixture.set("Stack.imagestack", [], key: "layers")
    try fixture.set("Stack.imagestack/Front.imagestacklayer/Content.imageset", [entry("f.png", idiom: "tv", scale: "1x")], files: ["f.png": png])
    try fixture.set("Wave.stickersequence", [entry("w.png")], files: ["w.png": png], key: "frames")
    try fixture.set("Pack.stickerpack", [], key: "stickers")
    try fixture.set("Pack.stickerpack/Cat.sticker", [], key: "properties")
    try fixture.set("Marker.arimageset", [entry("m.png")], files: ["m.png": png])
    try fixture.set("Markers.arresourcegroup", [], key: "resources")
    try fixture.set("Rock.textureset", [], key: "textures")
    try fixture.set("Sprites.spriteatlas", [], key: "children")
    try fixture.set("Sprites.spriteatlas/hero.imageset", [entry("hero.png", scale: "2x")], files: ["hero.png": png])
    try fixture.set("Corner.complicationset", [], key: "assets")
    try fixture.set("Corner.complicationset/Circular.imageset", [entry("c.png", idiom: "watch", scale: "2x")], files: ["c.png": png])
    try fixture.set("Sky.cubetextureset", [], key: "textures")
    try fixture.set("Classifier.mlmodel", [], key: "models")
    try fixture.set("Future.newassettype", [], key: "things")
    try fixture.set("Future.newassettype/inner.imageset", [entry("i.png", scale: "2x")], files: ["i.png": png])

    if broken {
      try fixture.set("TabBar/gone.imageset", [entry("gone@2x.png", scale: "2x")], properties: template)
    }
    return fixture
  }
}

@Suite(.serialized) struct CatalogFixtureTests {
  static let audited = ["TabBar/home", "TabBar/home-selected", "TabBar/keys", "TabBar/device", "TabBar/misnamed",
                        "Toolbar/Pre-Meal", "Toolbar/Pre-Meal Selected"].map { "App.xcassets/" + $0 }

  func json(_ run: ToolRun) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
  }

  @Test func everyValidSetIsReadAsXcodeReadsIt() throws {
    let fixture = try FixtureCatalog.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let run = try runTool(["audit", "--format", "json", fixture.root])
    #expect(run.status != 2, "a valid catalog is never unreadable: \(run.stderr)")
    let report = try json(run)
    #expect((report["unreadable"] as? [Any])?.isEmpty == true, "\(report["unreadable"] ?? "")")
    let icons = Dictionary(uniqueKeysWithValues: (report["icons"] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
    #expect(Set(icons.keys) == Set(Self.audited))

    // The plain slots are the scales; compact, dark, P3, locale, … variants are not.
    #expect(icons["App.xcassets/TabBar/home"]?["path"] as? String == "App.xcassets/TabBar/home.imageset/home@3x.png")
    #expect(icons["App.xcassets/TabBar/keys"]?["path"] as? String == "App.xcassets/TabBar/keys.imageset/keys@3x.png")
    #expect(icons["App.xcassets/TabBar/device"]?["path"] as? String == "App.xcassets/TabBar/device.imageset/device-phone@3x.png")
    #expect(icons["App.xcassets/TabBar/misnamed"]?["path"] as? String == "App.xcassets/TabBar/misnamed.imageset/misnamed.jpg")
    let findings = report["findings"] as! [[String: Any]]
    let scaleFindings = findings.filter { $0["ruleId"] as? String == "scale_variant_mismatch" }
    #expect(scaleFindings.isEmpty, "\(scaleFindings.map { $0["message"]! })")

    // `Pre-Meal Selected` (space, capitals) is the selected state of `Pre-Meal`.
    let selected = icons["App.xcassets/Toolbar/Pre-Meal Selected"]
    #expect(selected?["state"] as? String == "selected")
    #expect(selected?["itemId"] as? String == "App.xcassets/Toolbar/Pre-Meal")
    #expect(icons["App.xcassets/TabBar/home-selected"]?["state"] as? String == "selected")

    // Skipped, each with its reason, on stderr; nothing else said.
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains("iconaudit: skipped 3 image sets of photos (HEIC, JPEG; not bar icons): "
                           + "App.xcassets/Photos/Beach.imageset, App.xcassets/Photos/Portrait.imageset, App.xcassets/Photos/Renamed.imageset"),
            "\(lines)")
    #expect(lines.contains("iconaudit: skipped 2 image sets made only for idioms not audited (mac, watch; --idioms adds them): "
                           + "App.xcassets/Mac/Sidebar.imageset, App.xcassets/Watch/Complication.imageset"), "\(lines)")
    #expect(lines.contains("iconaudit: skipped 2 sets with no image file in any slot: "
                           + "App.xcassets/Empty.imageset, App.xcassets/Symbols/leo.symbolset"), "\(lines)")
    #expect(lines.count == 3, "\(lines)")
  }

  @Test func idiomsAreAnOption() throws {
    let fixture = try FixtureCatalog.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let run = try runTool(["audit", "--format", "json", "--idioms", "universal,iphone,ipad,watch,mac", fixture.root])
    let ids = Set(((try json(run))["icons"] as! [[String: Any]]).map { $0["id"] as! String })
    #expect(ids == Set(Self.audited + ["App.xcassets/Watch/Complication", "App.xcassets/Mac/Sidebar"]))
    // The watch set's first filled screen-width slot is read.
    let watch = ((try json(run))["icons"] as! [[String: Any]]).first { $0["id"] as? String == "App.xcassets/Watch/Complication" }
    #expect(watch?["path"] as? String == "App.xcassets/Watch/Complication.imageset/c-145.png")

    // The same from the configuration; the command line wins over it.
    try write(Array(#"{"version": 1, "idioms": ["watch"]}"#.utf8), fixture.root + "/.iconaudit.json")
    let configured = try runTool(["audit", "--format", "json", fixture.root])
    #expect(Set(((try json(configured))["icons"] as! [[String: Any]]).map { $0["id"] as! String }) == ["App.xcassets/Watch/Complication"])
    let overridden = try runTool(["audit", "--format", "json", "--idioms", "mac", fixture.root])
    #expect(Set(((try json(overridden))["icons"] as! [[String: Any]]).map { $0["id"] as! String }) == ["App.xcassets/Mac/Sidebar"])

    let unknown = try runTool(["audit", "--idioms", "iphone,phone", fixture.root])
    #expect(unknown.status == 64 && unknown.stderr.contains("'--idioms'"), "\(unknown.stderr)")
    try write(Array(#"{"version": 1, "idioms": ["wach"]}"#.utf8), fixture.root + "/.iconaudit.json")
    let badConfig = try runTool(["audit", fixture.root])
    #expect(badConfig.status == 64 && badConfig.stderr.contains("unknown idiom 'wach'"), "\(badConfig.stderr)")
  }

  @Test func aMissingNamedFileIsBrokenAndSaysWhatXcodeDoes() throws {
    let fixture = try FixtureCatalog.make(broken: true)
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let run = try runTool(["audit", "--format", "json", fixture.root])
    #expect(run.status == 2)
    let unreadable = (try json(run))["unreadable"] as! [[String: Any]]
    #expect(unreadable.count == 1)
    #expect(unreadable.first?["path"] as? String == "App.xcassets/TabBar/gone.imageset/Contents.json")
    #expect(unreadable.first?["reason"] as? String
            == "images[0].filename 'gone@2x.png' does not exist: Xcode would fail to compile this catalog (the file named in Contents.json is missing)")
  }
}

@Suite(.serialized) struct ScaleProportionTests {
  /// Two files out of proportion (element's tab_home: @1x 20×24, @2x 40×47, @3x 60×71) are one
  /// finding, not one per file with the same message (issue 16 pattern 6: printed and counted twice).
  @Test func sizesOutOfProportionAreOneFinding() throws {
    let root = try makeTemporaryFolder("catalog-proportion")
    defer { try? FileManager.default.removeItem(atPath: root) }
    func box(_ width: Int, _ height: Int, scale: Double) -> [UInt8] {
      PNGCodec.encode(AlphaMask(width: width, height: height, scale: scale) { x, y in
        x >= width / 5 && x < width - width / 5 && y >= height / 5 && y < height - height / 5 ? 1 : 0
      })
    }
    try writeImageSet(root + "/Icons.xcassets/TabBar", "tab_home", images: [("h.png", "1x"), ("h@2x.png", "2x"), ("h@3x.png", "3x")],
                      files: ["h.png": box(20, 24, scale: 1), "h@2x.png": box(40, 47, scale: 2), "h@3x.png": box(60, 71, scale: 3)])
    let run = try runTool(["audit", "--format", "json", root])
    let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let findings = (report["findings"] as! [[String: Any]]).filter { $0["ruleId"] as? String == "scale_variant_mismatch" }
    #expect(findings.count == 1, "\(findings)")
    #expect(findings.first?["message"] as? String == "pixel sizes are not in proportion to the scales (@1x 20×24, @2x 40×47, @3x 60×71): off by a pixel, so iOS resamples it and it blurs slightly")
    // Every file within a pixel of its size: an export slip, a warning.
    #expect(findings.first?["severity"] as? String == "warning")
    #expect(findings.first?["expected"] as? String == "@1x 20×23.7 px, @2x 40×47.3 px")
    let text = try runTool(["audit", root])
    #expect(text.stdout.components(separatedBy: "not in proportion").count == 2, "\(text.stdout)")
  }

  /// Only the @1x file out of proportion (pocketcasts' widget search icon: the 80 px @2x file in
  /// the @1x slot, @2x 80 and @3x 120 right): no device since iOS 10 loads it, a warning; the @2x
  /// file off as much is an error.
  @Test func onlyTheOneXFileOffIsAWarning() throws {
    let root = try makeTemporaryFolder("catalog-proportion-1x")
    defer { try? FileManager.default.removeItem(atPath: root) }
    func box(_ side: Int, scale: Double) -> [UInt8] {
      PNGCodec.encode(AlphaMask(width: side, height: side, scale: scale) { x, y in
        x >= side / 5 && x < side - side / 5 && y >= side / 5 && y < side - side / 5 ? 1 : 0
      })
    }
    try writeImageSet(root + "/Icons.xcassets/TabBar", "search", images: [("s.png", "1x"), ("s@2x.png", "2x"), ("s@3x.png", "3x")],
                      files: ["s.png": box(50, scale: 1), "s@2x.png": box(50, scale: 2), "s@3x.png": box(75, scale: 3)])
    try writeImageSet(root + "/Icons.xcassets/TabBar", "home", images: [("h.png", "1x"), ("h@2x.png", "2x"), ("h@3x.png", "3x")],
                      files: ["h.png": box(25, scale: 1), "h@2x.png": box(75, scale: 2), "h@3x.png": box(75, scale: 3)])
    let report = try JSONSerialization.jsonObject(with: Data(try runTool(["audit", "--format", "json", root]).stdout.utf8)) as! [String: Any]
    let findings = (report["findings"] as! [[String: Any]]).filter { $0["ruleId"] as? String == "scale_variant_mismatch" }
    let search = findings.first { $0["iconId"] as? String == "Icons.xcassets/TabBar/search" }
    #expect(search?["severity"] as? String == "warning")
    #expect((search?["message"] as? String)?.hasSuffix(": only the @1x file, which no iPhone or iPad since iOS 10 loads (1x screens)") == true)
    #expect(findings.first { $0["iconId"] as? String == "Icons.xcassets/TabBar/home" }?["severity"] as? String == "error")
  }

  /// Files out of proportion judged by what each does on a device: nightguard's watch frames
  /// (@1x 30, @2x 58, @3x 86 px: the @2x a pixel off, the @1x loaded by no device) and a canvas
  /// padded at one scale around the same drawing at the same size in points (brave's
  /// playlist_fullscreen, @2x 16×18 pt and @3x 16×17.3 pt) are warnings; the same drawing on a
  /// 22.5 pt @2x canvas beside a 15 pt @3x one (githawk's merge-x: the icon's size changes by
  /// device) is an error; so is another drawing on the canvases of `fullscreen` (a smaller ring, a
  /// disk with the ring's ink box); an image set whose only file is a @1x PNG (nightguard's Care)
  /// is a warning.
  @Test func filesOutOfProportionAreJudgedByWhatEachShows() throws {
    let root = try makeTemporaryFolder("catalog-proportion-drawings")
    defer { try? FileManager.default.removeItem(atPath: root) }
    /// A ring (from `inner` to `outer` pt; a 2 pt ring of radius 7 pt by default, a disk when
    /// `inner` is 0) centred on a canvas of `width × height` px at `scale`.
    func ring(_ width: Int, _ height: Int, scale: Double, outer: Double = 7, inner: Double = 5) -> [UInt8] {
      PNGCodec.encode(AlphaMask(width: width, height: height, scale: scale) { x, y in
        let dx = (Double(x) + 0.5) / scale - Double(width) / scale / 2, dy = (Double(y) + 0.5) / scale - Double(height) / scale / 2
        let r = (dx * dx + dy * dy).squareRoot()
        return r <= outer && r >= inner ? 1 : 0
      })
    }
    let set = root + "/Icons.xcassets/Toolbar"
    try writeImageSet(set, "frame", images: [("f.png", "1x"), ("f@2x.png", "2x"), ("f@3x.png", "3x")],
                      files: ["f.png": ring(30, 30, scale: 1), "f@2x.png": ring(58, 58, scale: 2), "f@3x.png": ring(86, 86, scale: 3)])
    try writeImageSet(set, "fullscreen", images: [("s@2x.png", "2x"), ("s@3x.png", "3x")],
                      files: ["s@2x.png": ring(32, 36, scale: 2), "s@3x.png": ring(48, 52, scale: 3)])
    try writeImageSet(set, "merge", images: [("m@2x.png", "2x"), ("m@3x.png", "3x")],
                      files: ["m@2x.png": ring(45, 45, scale: 2), "m@3x.png": ring(45, 45, scale: 3)])
    try writeImageSet(set, "care", images: [("hand.png", "1x")], files: ["hand.png": ring(30, 30, scale: 1)])
    // The canvases of "fullscreen" (0.7 pt apart) around another drawing at @3x: a ring 4 pt
    // smaller, or a disk of the same size (the ink boxes agree, the drawings do not): errors.
    try writeImageSet(set, "shrunk", images: [("k@2x.png", "2x"), ("k@3x.png", "3x")],
                      files: ["k@2x.png": ring(32, 36, scale: 2), "k@3x.png": ring(48, 52, scale: 3, outer: 5, inner: 3)])
    try writeImageSet(set, "filled", images: [("d@2x.png", "2x"), ("d@3x.png", "3x")],
                      files: ["d@2x.png": ring(32, 36, scale: 2), "d@3x.png": ring(48, 52, scale: 3, inner: 0)])
    let report = try JSONSerialization.jsonObject(with: Data(try runTool(["audit", "--format", "json", root]).stdout.utf8)) as! [String: Any]
    let findings = (report["findings"] as! [[String: Any]]).filter { $0["ruleId"] as? String == "scale_variant_mismatch" }
    func finding(_ name: String) -> [String: Any]? { findings.first { $0["iconId"] as? String == "Icons.xcassets/Toolbar/" + name } }
    #expect(finding("frame")?["severity"] as? String == "warning")
    #expect((finding("frame")?["message"] as? String)?.hasSuffix(
      ": @1x loaded by no iPhone or iPad since iOS 10 (1x screens); @2x off by a pixel") == true, "\(findings)")
    #expect(finding("fullscreen")?["severity"] as? String == "warning")
    #expect((finding("fullscreen")?["message"] as? String)?.hasSuffix(
      ": @2x the same drawing at the same size in points, on a canvas 0.7 pt off") == true, "\(findings)")
    #expect(finding("merge")?["severity"] as? String == "error")
    #expect(finding("care")?["severity"] as? String == "warning")
    #expect(finding("care")?["message"] as? String
            == "only a @1x file (hand.png, 30×30 px): on 2x and 3x screens iOS scales it up and it blurs")
    for name in ["shrunk", "filled"] {
      #expect(finding(name)?["severity"] as? String == "error", "\(name): \(findings)")
      #expect(finding(name)?["message"] as? String == "pixel sizes are not in proportion to the scales (@2x 32×36, @3x 48×52)",
              "\(name): \(findings)")
    }
    #expect(findings.count == 6, "\(findings)")
  }
}
