// SPDX-License-Identifier: GPL-3.0-or-later
import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import Testing
import TestSupport

/// Only bar icons are judged as bar icons (issue 22 items 2–4): a catalog as apps hold them, with
/// a bar icon folder, a colour illustration, a colour logo, an app icon preview, a photo set, a
/// large one-colour image, a set rendered as original, and a folder of unrelated icons on three
/// canvas sizes.
@Suite(.serialized) struct BarScopeTests {
  /// Two colours side by side (red and blue halves) inside a transparent margin, `widthPt` ×
  /// `heightPt` at @`scale`x.
  static func colourImage(widthPt: Double, heightPt: Double, scale: Int) -> [UInt8] {
    let width = Int(widthPt) * scale, height = Int(heightPt) * scale
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in height / 8..<(height - height / 8) {
      for x in width / 8..<(width - width / 8) {
        let i = (y * width + x) * 4
        let red = x < width / 2
        pixels[i] = red ? 220 : 30
        pixels[i + 1] = 40
        pixels[i + 2] = red ? 30 : 220
        pixels[i + 3] = 255
      }
    }
    return PNGCodec.encode(RGBAImage(width: width, height: height, scale: Double(scale), pixels: pixels))
  }

  /// The catalog: `App.xcassets` under a temporary folder.
  static func make() throws -> FixtureCatalog {
    let fixture = FixtureCatalog(root: try makeTemporaryFolder("bar-scope"))
    try fixture.group("")
    // A bar icon folder: two tab glyphs and one drawn in colour (kept: its folder names its role,
    // and template_not_monochrome tells the designer).
    try fixture.group("TabBar")
    for (index, name) in ["home", "search"].enumerated() {
      let set = FixtureCatalog.scales(name, glyph: index, scales: [2, 3])
      try fixture.set("TabBar/\(name).imageset", set.entries, files: set.files)
    }
    try fixture.set("TabBar/profile.imageset", [FixtureCatalog.entry("p@2x.png", scale: "2x")],
                    files: ["p@2x.png": colourImage(widthPt: 25, heightPt: 25, scale: 2)])
    // An onboarding illustration, a colour logo at an icon's size, an app icon preview.
    try fixture.set("Onboarding/welcome.imageset", [FixtureCatalog.entry("w@2x.png", scale: "2x")],
                    files: ["w@2x.png": colourImage(widthPt: 200, heightPt: 150, scale: 2)])
    try fixture.set("Logos/github.imageset", [FixtureCatalog.entry("g@2x.png", scale: "2x")],
                    files: ["g@2x.png": colourImage(widthPt: 24, heightPt: 24, scale: 2)])
    try fixture.set("AppIcon-Dark.imageset", [FixtureCatalog.entry("icon@2x.png", scale: "2x")],
                    files: ["icon@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 30)])
    // A photo set, a large one-colour image, a small glyph its set renders as original, and a
    // small glyph drawn in colour whose set asks for a template (kept: shown as a template).
    try fixture.set("Photos/Beach.imageset", [FixtureCatalog.entry("beach.jpg", scale: "1x")], files: ["beach.jpg": FixtureCatalog.jpeg])
    try fixture.set("Art/placeholder.imageset", [FixtureCatalog.entry("a@2x.png", scale: "2x")],
                    files: ["a@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 120)])
    try fixture.set("Badges/star.imageset", [FixtureCatalog.entry("s@2x.png", scale: "2x")],
                    files: ["s@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 20)],
                    properties: "\"template-rendering-intent\": \"original\"")
    try fixture.set("Badges/tinted.imageset", [FixtureCatalog.entry("t@2x.png", scale: "2x")],
                    files: ["t@2x.png": colourImage(widthPt: 20, heightPt: 20, scale: 2)],
                    properties: "\"template-rendering-intent\": \"template\"")
    // A folder of unrelated icons: four on 24 pt, two on 16 pt, one on 30 pt.
    for (name, canvas) in [("a", 24.0), ("b", 24), ("c", 24), ("d", 24), ("e", 16), ("f", 16), ("g", 30)] {
      try fixture.set("Icons/\(name).imageset", [FixtureCatalog.entry("\(name)@2x.png", scale: "2x")],
                      files: ["\(name)@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: canvas)])
    }
    return fixture
  }

  func json(_ run: ToolRun) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
  }

  @Test func onlyBarIconsAreAuditedAndTheRestIsListedWithTheReason() throws {
    let fixture = try Self.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let run = try runTool(["audit", "--format", "json", fixture.root])
    #expect(run.status == 1, "\(run.stderr)")
    let report = try json(run)
    let ids = Set((report["icons"] as! [[String: Any]]).map { $0["id"] as! String })
    let icons = ["TabBar/home", "TabBar/search", "TabBar/profile", "Badges/tinted"] + ["a", "b", "c", "d", "e", "f", "g"].map { "Icons/" + $0 }
    #expect(ids == Set(icons.map { "App.xcassets/" + $0 }))
    // The colour tab icon is kept and told it is not one colour.
    let findings = report["findings"] as! [[String: Any]]
    #expect(findings.contains { $0["iconId"] as? String == "App.xcassets/TabBar/profile" && $0["ruleId"] as? String == "template_not_monochrome" })

    let summary = report["summary"] as! [String: Any]
    #expect(summary["imagesFound"] as? Int == 17)
    #expect(summary["auditedAsBarIcons"] as? Int == 11)
    #expect(summary["notAuditedAsBarIcons"] as? Int == 5)
    #expect(summary["skipped"] as? Int == 1)
    #expect(summary["unreadable"] as? Int == 0)
    let byReason = summary["byReason"] as! [String: Int]
    #expect(byReason == ["appIcon": 1, "colourIllustration": 1, "colourImage": 1, "noFile": 0, "originalRendering": 1,
                         "otherIdioms": 0, "otherImageType": 0, "photo": 1, "solidFill": 0, "tooLarge": 1, "tooSmall": 0])
    let leftOut = Dictionary(uniqueKeysWithValues: (summary["leftOut"] as! [[String: Any]]).map { ($0["path"] as! String, $0["reason"] as! String) })
    #expect(leftOut == [
      "App.xcassets/Onboarding/welcome.imageset/w@2x.png": "colourIllustration",
      "App.xcassets/Logos/github.imageset/g@2x.png": "colourImage",
      "App.xcassets/AppIcon-Dark.imageset/icon@2x.png": "appIcon",
      "App.xcassets/Photos/Beach.imageset": "photo",
      "App.xcassets/Art/placeholder.imageset/a@2x.png": "tooLarge",
      "App.xcassets/Badges/star.imageset/s@2x.png": "originalRendering",
    ])

    // The text report starts with the summary and lists what was not audited, with the reason.
    let text = try runTool(["audit", fixture.root]).stdout
    #expect(text.hasPrefix("17 images found: 11 audited as bar icons, 5 not audited as bar icons (1 template-rendering-intent: original, "
                           + "1 app icon, 1 colour illustration, 1 colour image, 1 larger than any bar allows), 1 skipped (1 photo)\n"), "\(text.prefix(300))")
    #expect(text.contains("App.xcassets/Onboarding/welcome.imageset/w@2x.png: not audited as a bar icon: colour illustration (colour spread"))
    #expect(text.contains("App.xcassets/Art/placeholder.imageset/a@2x.png: not audited as a bar icon: larger than any bar allows (120×120 pt)"))
    // Every format has it at the top.
    let markdown = try runTool(["audit", "--format", "markdown", fixture.root]).stdout
    #expect(markdown.split(separator: "\n", omittingEmptySubsequences: false)[2].hasPrefix("17 images found: 11 audited as bar icons"))
    #expect(markdown.contains("### Not audited as bar icons"))
    let html = try runTool(["audit", "--format", "html", fixture.root]).stdout
    #expect(html.contains("<p class=\"scope\">17 images found: 11 audited as bar icons") && html.contains("id=\"not-audited\""))
    let github = try runTool(["audit", "--format", "github", fixture.root]).stdout
    #expect(github.hasPrefix("::notice title=iconaudit summary::17 images found: 11 audited as bar icons"))
    let sarif = try JSONSerialization.jsonObject(with: Data(try runTool(["audit", "--format", "sarif", fixture.root]).stdout.utf8)) as! [String: Any]
    let properties = ((sarif["runs"] as! [[String: Any]])[0]["properties"] as! [String: Any])["summary"] as! [String: Any]
    #expect(properties["imagesFound"] as? Int == 17 && properties["auditedAsBarIcons"] as? Int == 11)
  }

  @Test func aFolderOfUnrelatedIconsIsComparedWithinEachCanvasSize() throws {
    let fixture = try Self.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let report = try json(try runTool(["audit", "--format", "json", fixture.root]))
    let familyOf = Dictionary(uniqueKeysWithValues: (report["icons"] as! [[String: Any]]).map { ($0["id"] as! String, $0["family"] as! String) })
    #expect(familyOf["App.xcassets/Icons/a"] == "App.xcassets/Icons (24×24 pt)")
    #expect(familyOf["App.xcassets/Icons/e"] == "App.xcassets/Icons (16×16 pt)")
    #expect(familyOf["App.xcassets/Icons/g"] == "App.xcassets/Icons (30×30 pt)")
    // A folder with a role stays one family.
    #expect(familyOf["App.xcassets/TabBar/home"] == "App.xcassets/TabBar")
    let notes = (report["summary"] as! [String: Any])["folderNotes"] as! [[String: Any]]
    #expect(notes.map { $0["folder"] as! String } == ["App.xcassets/Icons"])
    #expect(notes.first?["text"] as? String == "App.xcassets/Icons: 3 of 7 icons are on other canvas sizes than 24×24 pt "
            + "(24×24 pt: 4, 16×16 pt: 2, 30×30 pt: 1): each canvas size is compared on its own, not with the 4 on 24×24 pt")
    // No size finding across canvases: a note, not findings.
    let findings = report["findings"] as! [[String: Any]]
    #expect(!findings.contains { ($0["iconId"] as? String ?? "").hasPrefix("App.xcassets/Icons/") && ($0["ruleId"] as? String ?? "").hasSuffix("_outlier") })
    // The folder audited on its own: its families are titled with its name (the JSON keeps the
    // family's key, "(24×24 pt)", as it keeps "" for an unsplit top level).
    let alone = try json(try runTool(["audit", "--format", "json", fixture.root + "/App.xcassets/Icons"]))
    let families = (alone["family"] as? [String: Any])?["families"] as? [[String: Any]] ?? []
    let titles = families.map { "\($0["name"] ?? "-") = \($0["displayName"] ?? "-")" }
    #expect(titles.contains("(24×24 pt) = Icons (24×24 pt)") && titles.contains("(16×16 pt) = Icons (16×16 pt)"), "\(titles)")
    let text = try runTool(["audit", fixture.root + "/App.xcassets/Icons"]).stdout
    #expect(text.contains("\nIcons (24×24 pt)  4 icons") && !text.contains("\n(24×24 pt)"), "\(text)")
  }

  @Test func allImagesWidensTheScopeToEveryImage() throws {
    let fixture = try Self.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    let flag = try json(try runTool(["audit", "--format", "json", "--all-images", fixture.root]))
    #expect((flag["icons"] as! [[String: Any]]).count == 16)
    let summary = flag["summary"] as! [String: Any]
    #expect(summary["allImages"] as? Bool == true && summary["notAuditedAsBarIcons"] as? Int == 0 && summary["skipped"] as? Int == 1)
    // Every folder one family, as before.
    #expect((flag["icons"] as! [[String: Any]]).first { $0["id"] as? String == "App.xcassets/Icons/e" }?["family"] as? String == "App.xcassets/Icons")
    try write(Array(#"{"version": 1, "allImages": true}"#.utf8), fixture.root + "/.iconaudit.json")
    #expect((try json(try runTool(["audit", "--format", "json", fixture.root]))["icons"] as! [[String: Any]]).count == 16)
    try write(Array(#"{"version": 1, "allImages": "yes"}"#.utf8), fixture.root + "/.iconaudit.json")
    let bad = try runTool(["audit", fixture.root])
    #expect(bad.status == 64 && bad.stderr.contains("'allImages' must be true or false"), "\(bad.stderr)")
  }

  /// The hook for the app's code (issue 21): an image the code puts in a bar is a bar icon in that
  /// role, whatever it looks like.
  @Test func imagesTheCodePutsInBarsAreBarIcons() throws {
    let fixture = try Self.make()
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    var request = AuditRequest(paths: [fixture.root])
    request.codeBarIcons = ["App.xcassets/Logos/github": CodeBarIcon(role: .toolbar, family: "Toolbar")]
    let result = try AuditFrontend.run(request)
    let logo = result.report.icons.first { $0.id == "App.xcassets/Logos/github" }
    #expect(logo?.role == .toolbar && logo?.family == "Toolbar")
    #expect(result.report.scope?.audited == 12)
    #expect(!(result.report.scope?.leftOut.contains { $0.path.hasPrefix("App.xcassets/Logos/") } ?? true))
  }

  /// One colour over the whole canvas but its rounded corners, `sidePt` square at @`scale`x.
  static func roundedFill(sidePt: Double, scale: Int) -> [UInt8] {
    let side = Int(sidePt) * scale, radius = 4 * scale
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let cx = min(max(x, radius), side - 1 - radius), cy = min(max(y, radius), side - 1 - radius)
        guard (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius else { continue }
        let i = (y * side + x) * 4
        (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (230, 230, 235, 255)
      }
    }
    return PNGCodec.encode(RGBAImage(width: side, height: side, scale: Double(scale), pixels: pixels))
  }

  /// What an image's pixels show is no icon leaves it out, whatever its folder is called: a 1×1
  /// colour swatch, an opaque rounded-rect fill (a button background), two-colour illustrations
  /// whose sets do not ask for a template in a folder drawn in colour (`QuickActions`, which names
  /// a role: three of its four images in two colours); the same illustration with template
  /// intent stays a bar icon and is told it is not one colour, and so does the folder's one-colour
  /// glyph. (One colour icon among one-colour tab glyphs stays: the first test's TabBar/profile.)
  @Test func imagesThatAreNoIconsAreLeftOutByCause() throws {
    let fixture = FixtureCatalog(root: try makeTemporaryFolder("bar-scope-cause"))
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    try fixture.group("")
    let swatch = PNGCodec.encode(RGBAImage(width: 1, height: 1, scale: 1, pixels: [0, 122, 255, 255]))
    try fixture.set("ButtonTint.imageset", [FixtureCatalog.entry("tint.png", scale: "1x")], files: ["tint.png": swatch])
    try fixture.set("Buttons/background.imageset", [FixtureCatalog.entry("b@2x.png", scale: "2x")],
                    files: ["b@2x.png": Self.roundedFill(sidePt: 30, scale: 2)])
    try fixture.set("QuickActions/Bookmarks-Color.imageset", [FixtureCatalog.entry("c@2x.png", scale: "2x")],
                    files: ["c@2x.png": Self.colourImage(widthPt: 32, heightPt: 32, scale: 2)])
    try fixture.set("QuickActions/Downloads-Color.imageset", [FixtureCatalog.entry("d@2x.png", scale: "2x")],
                    files: ["d@2x.png": Self.colourImage(widthPt: 32, heightPt: 32, scale: 2)])
    try fixture.set("QuickActions/Search.imageset", [FixtureCatalog.entry("s@2x.png", scale: "2x")],
                    files: ["s@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 32)])
    try fixture.set("QuickActions/Bookmarks-Template.imageset", [FixtureCatalog.entry("c@2x.png", scale: "2x")],
                    files: ["c@2x.png": Self.colourImage(widthPt: 32, heightPt: 32, scale: 2)],
                    properties: "\"template-rendering-intent\": \"template\"")
    try fixture.set("Icons/glyph.imageset", [FixtureCatalog.entry("g@2x.png", scale: "2x")],
                    files: ["g@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 24)])
    // Loose PNGs say nothing of their rendering: in colour in a QuickActions folder, they stay.
    try FileManager.default.createDirectory(atPath: fixture.root + "/QuickActions", withIntermediateDirectories: true)
    try write(Self.colourImage(widthPt: 32, heightPt: 32, scale: 2), fixture.root + "/QuickActions/loose@2x.png")
    let run = try runTool(["audit", "--format", "json", fixture.root])
    #expect(run.status == 1, "\(run.stderr)")
    let report = try json(run)
    let ids = Set((report["icons"] as! [[String: Any]]).map { $0["id"] as! String })
    #expect(ids == ["App.xcassets/QuickActions/Bookmarks-Template", "App.xcassets/QuickActions/Search", "App.xcassets/Icons/glyph",
                    "QuickActions/loose"])
    let findings = (report["findings"] as! [[String: Any]]).filter { $0["ruleId"] as? String == "template_not_monochrome" }
    #expect(Set(findings.map { $0["iconId"] as! String }) == ["App.xcassets/QuickActions/Bookmarks-Template", "QuickActions/loose"])
    let summary = report["summary"] as! [String: Any]
    let leftOut = Dictionary(uniqueKeysWithValues: (summary["leftOut"] as! [[String: Any]]).map {
      ($0["path"] as! String, "\($0["reason"]!): \($0["detail"] ?? "")")
    })
    #expect(leftOut["App.xcassets/ButtonTint.imageset/tint.png"] == "tooSmall: 1×1 pt")
    #expect(leftOut["App.xcassets/Buttons/background.imageset/b@2x.png"] == "solidFill: 97% of the canvas opaque in one flat colour, 30×30 pt")
    #expect(leftOut["App.xcassets/QuickActions/Bookmarks-Color.imageset/c@2x.png"]?.hasPrefix("colourImage: colour spread ") == true)
    #expect(leftOut["App.xcassets/QuickActions/Bookmarks-Color.imageset/c@2x.png"]?.hasSuffix(
      ", 32×32 pt, no template intent, in a folder drawn in colour (its folder is named for a quick action)") == true)
    #expect(leftOut["App.xcassets/QuickActions/Downloads-Color.imageset/d@2x.png"]?.hasPrefix("colourImage: colour spread ") == true)
    #expect(leftOut.count == 4)
    // --all-images still audits each of them.
    let all = try json(try runTool(["audit", "--format", "json", "--all-images", fixture.root]))
    #expect((all["icons"] as! [[String: Any]]).count == 8)
    // A declared role keeps them: the user's word, whatever they look like.
    let declared = try json(try runTool(["audit", "--format", "json", "--role", "quickAction", fixture.root]))
    #expect((declared["icons"] as! [[String: Any]]).count == 8)
  }

  /// A set rendered as Original Image in more than one colour is colour art whatever its folder
  /// (VLC's select-all on state, a white check on an orange disk, in its navigation bar folder: it
  /// had three wrong errors, "rendered as Original Image", "a filled icon among outline icons" and
  /// "iOS keeps only the alpha"); a one-colour glyph rendered as original stays, told it will not
  /// follow the tint (Habitica's grey filter icon). A role from the code keeps the colour set, and
  /// `template_not_monochrome` does not call its colours lost: it is not a template.
  @Test func aColourSetRenderedAsOriginalIsColourArtInAnyFolder() throws {
    let fixture = FixtureCatalog(root: try makeTemporaryFolder("bar-scope-original"))
    defer { try? FileManager.default.removeItem(atPath: fixture.root) }
    try fixture.group("")
    for (index, name) in ["edit", "sort", "history"].enumerated() {
      let set = FixtureCatalog.scales(name, glyph: index, scales: [2, 3])
      try fixture.set("NavigationBar/\(name).imageset", set.entries, files: set.files)
    }
    try fixture.set("NavigationBar/allSelected.imageset", [FixtureCatalog.entry("c@2x.png", scale: "2x")],
                    files: ["c@2x.png": Self.colourImage(widthPt: 24, heightPt: 24, scale: 2)],
                    properties: "\"template-rendering-intent\": \"original\"")
    try fixture.set("NavigationBar/filter.imageset", [FixtureCatalog.entry("f@2x.png", scale: "2x")],
                    files: ["f@2x.png": FixtureCatalog.smallGlyph(scale: 2, canvasPt: 24)],
                    properties: "\"template-rendering-intent\": \"original\"")
    let report = try json(try runTool(["audit", "--format", "json", fixture.root]))
    let ids = Set((report["icons"] as! [[String: Any]]).map { $0["id"] as! String })
    #expect(!ids.contains("App.xcassets/NavigationBar/allSelected") && ids.contains("App.xcassets/NavigationBar/filter"))
    let leftOut = ((report["summary"] as! [String: Any])["leftOut"] as! [[String: Any]]).map {
      "\($0["path"]!): \($0["reason"]!): \($0["detail"] ?? "")"
    }
    #expect(leftOut.count == 1)
    #expect(leftOut.first?.hasPrefix("App.xcassets/NavigationBar/allSelected.imageset/c@2x.png: colourImage: colour spread ") == true)
    #expect(leftOut.first?.hasSuffix(", 24×24 pt, rendered as Original Image (its folder is named for a navigation bar)") == true)
    let findings = (report["findings"] as! [[String: Any]]).map { "\($0["iconId"]!) \($0["ruleId"]!) \($0["severity"]!)" }
    #expect(findings.contains("App.xcassets/NavigationBar/filter not_template_rendering error"))
    #expect(!findings.contains { $0.hasPrefix("App.xcassets/NavigationBar/allSelected ") })
    // The code's word keeps it; its colours show, so they are not "lost".
    var request = AuditRequest(paths: [fixture.root])
    request.codeBarIcons = ["App.xcassets/NavigationBar/allSelected": CodeBarIcon(role: .navigationBar)]
    let result = try AuditFrontend.run(request)
    #expect(result.report.icons.contains { $0.id == "App.xcassets/NavigationBar/allSelected" })
    #expect(!result.report.findings.contains { $0.iconId == "App.xcassets/NavigationBar/allSelected" && $0.ruleId == "template_not_monochrome" })
    // Its colours draw parts its alpha does not (red beside blue inside the square): colour art on
    // purpose, so "render it as a template" is a warning that says what it would lose, not an error.
    let original = result.report.findings.filter { $0.iconId == "App.xcassets/NavigationBar/allSelected" && $0.ruleId == "not_template_rendering" }
    #expect(original.map(\.severity) == [.warning])
    #expect(original.first?.message.contains("as a template those parts would vanish") == true, "\(original.first?.message ?? "")")
  }

  /// A folder holding only images that are not bar icons is not "no icon found": exit 0 with the
  /// summary; a folder with nothing read at all stays exit 2.
  @Test func imagesFoundButNoBarIconIsNotAnError() throws {
    let root = try makeTemporaryFolder("bar-scope-none")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try write(Self.colourImage(widthPt: 300, heightPt: 200, scale: 2), root + "/hero@2x.png")
    let run = try runTool(["audit", root])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("1 image found: 0 audited as bar icons, 1 not audited as a bar icon (1 colour illustration)\n"), "\(run.stdout)")
  }

  /// A loose PNG without a scale in its name is not judged by its size (an icon pack exported at
  /// @2x under plain names); named `@2x`, its size in points is known.
  @Test func aLoosePNGOfUnknownScaleIsNotJudgedBySize() throws {
    let root = try makeTemporaryFolder("bar-scope-loose")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try write(FixtureCatalog.smallGlyph(scale: 1, canvasPt: 96), root + "/plain.png")
    try write(FixtureCatalog.smallGlyph(scale: 2, canvasPt: 48), root + "/named@2x.png")
    let report = try json(try runTool(["audit", "--format", "json", root]))
    #expect((report["icons"] as! [[String: Any]]).map { $0["id"] as! String } == ["plain"])
    let leftOut = (report["summary"] as! [String: Any])["leftOut"] as! [[String: Any]]
    #expect(leftOut.map { $0["path"] as! String } == ["named@2x.png"] && leftOut.first?["detail"] as? String == "48×48 pt")
  }
}
