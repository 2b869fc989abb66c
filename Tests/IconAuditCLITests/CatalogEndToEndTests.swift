// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconRaster
import Testing
import TestSupport

/// Writes an image set with the given files (name → bytes) and its Contents.json.
func writeImageSet(_ folder: String, _ name: String, images: [(file: String, scale: String?)], files: [String: [UInt8]],
                   intent: String? = "template", contents: String? = nil) throws {
  let set = "\(folder)/\(name).imageset"
  try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
  for (file, bytes) in files { try write(bytes, "\(set)/\(file)") }
  if let contents {
    try write(Array(contents.utf8), "\(set)/Contents.json")
    return
  }
  let entries = images.map { image in
    "{\"filename\": \"\(image.file)\", \"idiom\": \"universal\"" + (image.scale.map { ", \"scale\": \"\($0)\"" } ?? "") + "}"
  }
  var json = "{\"images\": [\(entries.joined(separator: ", "))], \"info\": {\"author\": \"xcode\", \"version\": 1}"
  if let intent { json += ", \"properties\": {\"template-rendering-intent\": \"\(intent)\"}" }
  try write(Array((json + "}").utf8), "\(set)/Contents.json")
}

/// An example glyph at 1x/2x/3x on a 25 pt tab bar canvas.
func tabGlyph(_ index: Int, scale: Double, filled: Bool = false) -> [UInt8] {
  var d = ExampleDrawing(widthPt: 25, heightPt: 25, scale: scale)
  let c = 12.5
  switch (index, filled) {
  case (0, false): d.ring(cx: c, cy: c, r: 10, width: 2)
  case (0, true): d.disk(cx: c, cy: c, r: 11)
  case (1, false): d.rectOutline(x: c - 9, y: c - 9, width: 18, height: 18, stroke: 2)
  case (1, true): d.rect(x: c - 10, y: c - 10, width: 20, height: 20)
  case (2, false): d.rectOutline(x: c - 8, y: c - 10, width: 16, height: 20, stroke: 2)
  case (2, true): d.rect(x: c - 9, y: c - 11, width: 18, height: 22)
  default: d.rectOutline(x: c - 10, y: c - 8, width: 20, height: 16, stroke: 2)
  }
  return PNGCodec.encode(d.mask)
}

@Suite(.serialized) struct CatalogEndToEndTests {
  @Test func catalogWithStatesScalesVectorsAndBrokenParts() throws {
    let root = try makeTemporaryFolder("catalog-e2e")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let tab = "\(root)/App.xcassets/TabBar"
    try FileManager.default.createDirectory(atPath: tab, withIntermediateDirectories: true)
    try write(Array(#"{"info": {"author": "xcode", "version": 1}}"#.utf8), "\(root)/App.xcassets/Contents.json")
    // Items 0–2 at @1x/@2x/@3x, each with a filled selected state.
    for i in 0..<3 {
      let files = Dictionary(uniqueKeysWithValues: [1, 2, 3].map { ("t\(i)@\($0)x.png", tabGlyph(i, scale: Double($0))) })
      try writeImageSet(tab, "t\(i)", images: [1, 2, 3].map { ("t\(i)@\($0)x.png", "\($0)x") }, files: files)
      let selected = Dictionary(uniqueKeysWithValues: [2, 3].map { ("s@\($0)x.png", tabGlyph(i, scale: Double($0), filled: true)) })
      try writeImageSet(tab, "t\(i)-selected", images: [2, 3].map { ("s@\($0)x.png", "\($0)x") }, files: selected)
    }
    // A PDF-only image set (vector), 25×25 pt: a 2 pt square outline — measured like the PNGs.
    let pdf = makePDF(width: 25, height: 25, content: "0 0 0 RG 2 w 3.5 3.5 18 18 re S")
    try writeImageSet(tab, "vector", images: [("vector.pdf", nil)], files: ["vector.pdf": pdf])
    // Broken parts.
    try writeImageSet(tab, "corrupt", images: [("corrupt.pdf", nil)], files: ["corrupt.pdf": Array(pdf.prefix(40))])
    try writeImageSet(tab, "broken", images: [], files: [:], contents: "{\"images\": [ {\"filename\": ")
    try writeImageSet(tab, "escape", images: [("../t0.imageset/t0@2x.png", "2x")], files: [:])
    try writeImageSet(tab, "missing", images: [("gone@2x.png", "2x")], files: [:])
    // Rendered as original: not_template_rendering.
    try writeImageSet(tab, "colour", images: [("c@2x.png", "2x")], files: ["c@2x.png": tabGlyph(3, scale: 2)], intent: "original")

    let run = try runTool(["audit", "--format", "json", root])
    #expect(run.status == 2, "unreadable parts win over findings")
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let icons = (json["icons"] as! [[String: Any]]).map { $0["id"] as! String }
    #expect(Set(icons) == Set(["t0", "t1", "t2", "t0-selected", "t1-selected", "t2-selected", "vector", "colour"].map { "App.xcassets/TabBar/" + $0 }))
    let byId = Dictionary(uniqueKeysWithValues: (json["icons"] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
    // The analysed file is the largest scale; the role comes from the group's name.
    #expect(byId["App.xcassets/TabBar/t0"]?["path"] as? String == "App.xcassets/TabBar/t0.imageset/t0@3x.png")
    #expect(byId["App.xcassets/TabBar/t0"]?["role"] as? String == "tabBar")
    #expect(byId["App.xcassets/TabBar/t0-selected"]?["state"] as? String == "selected")
    // The PDF is measured: a 2 pt stroke, a perceived size like the square PNG's.
    let vector = byId["App.xcassets/TabBar/vector"]?["metrics"] as? [String: Any]
    let square = byId["App.xcassets/TabBar/t1"]?["metrics"] as? [String: Any]
    #expect(abs(((vector?["strokeWeightPt"] as? NSNumber)?.doubleValue ?? 0) - 2) < 0.15)
    let sv = (vector?["perceivedSizePt"] as? NSNumber)?.doubleValue ?? 0, ss = (square?["perceivedSizePt"] as? NSNumber)?.doubleValue ?? 1
    #expect(abs(sv / ss - 1) < 0.03)

    let errors = run.stderr.split(separator: "\n").map(String.init)
    #expect(errors.contains { $0.contains("corrupt.imageset/corrupt.pdf") && $0.contains("PDF") })
    #expect(errors.contains { $0.contains("broken.imageset/Contents.json") && $0.contains("JSON") })
    #expect(errors.contains { $0.contains("escape.imageset/Contents.json") && $0.contains("outside") })
    #expect(errors.contains { $0.contains("missing.imageset/Contents.json") && $0.contains("gone@2x.png") })
    #expect(errors.count == 4, "\(errors)")

    let findings = json["findings"] as! [[String: Any]]
    func rules(_ id: String) -> Set<String> {
      Set(findings.filter { $0["iconId"] as? String == "App.xcassets/TabBar/" + id }.map { $0["ruleId"] as! String })
    }
    #expect(rules("colour").contains("not_template_rendering"))
    #expect(rules("vector").contains("missing_selected_state") || rules("colour").contains("missing_selected_state"))
    for i in 0..<3 {
      #expect(!rules("t\(i)").contains("scale_variant_mismatch"), "\(findings.filter { $0["ruleId"] as? String == "scale_variant_mismatch" }.map { $0["message"]! })")
      #expect(!rules("t\(i)-selected").contains("selected_state_mismatch"), "\(findings.filter { ($0["iconId"] as? String)?.hasSuffix("t\(i)-selected") == true })")
      #expect(!rules("t\(i)").contains("missing_selected_state"))
    }
  }

  @Test func scaleVariantsThatDisagreeAreFlagged() throws {
    let root = try makeTemporaryFolder("catalog-scales")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = "\(root)/Icons.xcassets"
    // @2x is a different drawing; @3x is right.
    try writeImageSet(folder, "mixed", images: [("m@2x.png", "2x"), ("m@3x.png", "3x")],
                      files: ["m@2x.png": tabGlyph(0, scale: 2), "m@3x.png": tabGlyph(1, scale: 3)])
    let run = try runTool(["audit", "--format", "json", root])
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let findings = (json["findings"] as! [[String: Any]]).filter { $0["ruleId"] as? String == "scale_variant_mismatch" }
    #expect(findings.count == 1)
    #expect((findings.first?["message"] as? String)?.contains("@2x") == true)
  }
}
