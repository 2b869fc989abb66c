// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import Guidelines
import IconMetrics
import IconRaster
@testable import ReportWriters
import Testing

/// A small audited family, the same every time: eight example glyphs of a tab bar, one drawn at
/// 80%, one with a hostile name, a selected pair, and one unreadable file.
func goldenReport() -> AuditReport {
  var icons: [AuditIcon] = []
  func add(_ id: String, _ mask: AlphaMask, state: IconState = .unselected) {
    icons.append(AuditIcon(id: "TabBar/" + id, path: "TabBar/\(id)@2x.png", family: "TabBar", role: .tabBar, scale: mask.scale,
                           widthPx: mask.width, heightPx: mask.height, metrics: MetricsEngine.measure(mask), mask: mask))
  }
  for i in 0..<7 { add("g\(i)", ExampleFamily.glyph(i)) }
  add("small", ExampleFamily.glyph(1, size: 0.8))
  add("<b>&\"odd|name*`", ExampleFamily.glyph(7))
  var filled = ExampleDrawing()
  filled.disk(cx: 12, cy: 12, r: 11)
  add("g0-selected", filled.mask)
  let paired = StatePairing.assign(icons, suffixes: AuditConfiguration().selectedSuffixes)
  var report = Auditor.audit(paired, label: "v1.0")
  report.unreadable = [(path: "TabBar/broken@2x.png", reason: "truncated PNG (the data ends early)")]
  return report
}

@Suite struct WritersGoldenTests {
  static let report = goldenReport()

  static let outputs: [(String, String)] = [
    ("report.txt", TextReportWriter.write(report)),
    ("report.json", JSONReportWriter.write(report, toolVersion: "TEST")),
    ("report.md", MarkdownReportWriter.write(report, toolVersion: "TEST")),
    ("report.sarif", SARIFReportWriter.write(report, toolVersion: "TEST")),
    ("report.github", GitHubAnnotationWriter.write(report, pathPrefix: "App/")),
    ("report.xcode", XcodeDiagnosticsWriter.write(report, root: "/src/App")),
  ]

  /// Each writer's output equals its stored golden file. To accept a deliberate change, run the
  /// tests with ICONAUDIT_UPDATE_GOLDEN=1 and review the diff of Tests/ReportWritersTests/Golden.
  @Test(arguments: outputs.map(\.0))
  func matchesGoldenFile(name: String) throws {
    let output = Self.outputs.first { $0.0 == name }!.1
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["ICONAUDIT_UPDATE_GOLDEN"] == "1" {
      try Data(output.utf8).write(to: source)
    }
    let stored = try String(contentsOf: source, encoding: .utf8)
    #expect(output == stored, "\(name) differs from its golden file")
  }

  @Test func writersAreDeterministic() {
    let again = goldenReport()
    #expect(JSONReportWriter.write(again, toolVersion: "TEST") == Self.outputs[1].1)
    #expect(MarkdownReportWriter.write(again, toolVersion: "TEST") == Self.outputs[2].1)
  }

  /// The report parses back (Foundation's `JSONSerialization`) to the report's values, every
  /// member present with its value rounded to 4 decimals, laid out as the golden file is (also
  /// with no icons and no findings).
  @Test func theReportParsesBackToItsValues() throws {
    try expectReportParsesBack(Self.report)
    #expect(Self.report.findings.count > 3)
    try expectReportParsesBack(Auditor.audit([], label: nil))
  }

  /// The same with more icons, findings and family entries than one batch of the parallel writing
  /// holds (batches joined), with and without the optional values (a colour spread, a signature,
  /// a measured value, an expectation, a fix, a majority style, the label).
  @Test func theReportParsesBackAcrossBatches() throws {
    var report = Self.report
    let n = 3 * JSONObjectWriter.batchSize + 5
    report.icons = (0..<n).map { i in
      var icon = Self.report.icons[i % Self.report.icons.count]
      icon.id += "-\(i)"
      icon.metrics.colorSpread = i % 3 == 0 ? nil : Double(i) / 7
      if i % 4 == 0 {
        // Without a drawing: no signature (`null`).
        icon = AuditIcon(id: icon.id, path: icon.path, family: icon.family, role: icon.role, scale: icon.scale,
                         widthPx: icon.widthPx, heightPx: icon.heightPx, metrics: icon.metrics)
      }
      return icon
    }
    report.findings = (0..<n).map { i in
      var finding = Self.report.findings[i % Self.report.findings.count]
      finding.message += " \(i)"
      if i % 2 == 0 { finding.measured = nil }
      if i % 3 == 0 { finding.expected = nil }
      if i % 5 == 0 { finding.fix = nil }
      return finding
    }
    report.families = (0..<3).map { f in
      var family = Self.report.families[0]
      family.name += "\(f)"
      family.icons = (0..<(f * JSONObjectWriter.batchSize + 1)).map { i in
        var entry = Self.report.families[0].icons[i % Self.report.families[0].icons.count]
        entry.id += "-\(i)"
        return entry
      }
      if f == 1 { family.majorityStyle = nil }
      return family
    }
    report.label = nil
    #expect(report.icons.contains { $0.signature == nil } && report.icons.contains { $0.signature != nil })
    try expectReportParsesBack(report)
    #expect(JSONReportWriter.writeUTF8Pieces(report, toolVersion: "TEST").count > 3)
  }

  /// Every stored property of `IconMeasurements` is written, as Foundation's `JSONEncoder` encodes
  /// it (a property added there and not to `writeMetrics` fails here); `measure --format json`
  /// writes the same object.
  @Test func metricsAreWrittenAsTheirEncodableConformance() throws {
    let encoder = JSONEncoder()
    for icon in Self.report.icons.prefix(3) {
      var m = icon.metrics
      for colorSpread in [nil, 0.123456] {
        m.colorSpread = colorSpread
        let expected = try JSONSerialization.jsonObject(with: encoder.encode(m))
        var w: [UInt8] = []
        JSONObjectWriter.write(into: &w, indent: 0) { JSONReportWriter.writeMetrics(m, into: &$0) }
        #expect(JSONParsedValue.same(try JSONSerialization.jsonObject(with: Data(w)), asRounded: expected))
      }
    }
    let measured = MeasurementReport(
      icons: [.init(id: "a", path: "a@2x.png", scale: 2, widthPx: 48, heightPx: 48, metrics: Self.report.icons[0].metrics)],
      unreadable: [(path: "b.png", reason: "truncated")])
    let json = MeasureWriter.json(measured, toolVersion: "T")
    let expected: [String: Any] = [
      "schemaVersion": 1, "tool": ["name": "iconaudit", "version": "T"],
      "icons": [["id": "a", "path": "a@2x.png", "scale": 2, "widthPx": 48, "heightPx": 48,
                 "metrics": try JSONSerialization.jsonObject(with: encoder.encode(Self.report.icons[0].metrics))]],
      "unreadable": [["path": "b.png", "reason": "truncated"]],
    ]
    #expect(JSONParsedValue.same(try JSONSerialization.jsonObject(with: Data(json.utf8)), asRounded: expected))
    #expect(JSONParsedValue.isLaidOutPretty(Array(json.utf8)))
  }

  /// The report's bytes parse to ``expectedJSON(_:toolVersion:)`` and are laid out pretty.
  func expectReportParsesBack(_ report: AuditReport, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = JSONReportWriter.writeUTF8(report, toolVersion: "TEST")
    let parsed = try JSONSerialization.jsonObject(with: Data(bytes))
    let difference = JSONParsedValue.difference(parsed, try expectedJSON(report, toolVersion: "TEST"))
    #expect(difference == nil, sourceLocation: sourceLocation)
    #expect(JSONParsedValue.isLaidOutPretty(bytes), sourceLocation: sourceLocation)
    #expect(bytes == JSONReportWriter.writeUTF8Pieces(report, toolVersion: "TEST").flatMap { $0 }, sourceLocation: sourceLocation)
  }

  /// The report's members as schema v1 defines them, from the report's values (unrounded).
  func expectedJSON(_ report: AuditReport, toolVersion: String) throws -> [String: Any] {
    let encoder = JSONEncoder()
    func spread(_ s: RobustSpread) -> [String: Any] { ["count": s.count, "median": s.median, "madLog": s.madLog] }
    func score(_ s: MetricScore) -> [String: Any] { ["value": s.value, "ratio": s.ratio, "z": s.z] }
    let icons: [Any] = try report.icons.map { icon in
      [
        "id": icon.id, "path": icon.path, "family": icon.family,
        "familyDisplayName": report.displayName(ofFamily: icon.family), "role": icon.role.rawValue, "state": icon.state.rawValue,
        "itemId": icon.itemId, "scale": icon.scale, "widthPx": icon.widthPx, "heightPx": icon.heightPx,
        "metrics": try JSONSerialization.jsonObject(with: encoder.encode(icon.metrics)),
        "signature": icon.signature.map { JSONReportWriter.signatureHex($0) as Any } ?? NSNull(),
      ] as [String: Any]
    }
    let findings: [Any] = report.findings.map { f in
      [
        "ruleId": f.ruleId, "severity": f.severity.rawValue, "path": f.path, "iconId": f.iconId, "message": f.message,
        "measured": f.measured.map { $0 as Any } ?? NSNull(), "expected": f.expected.map { $0 as Any } ?? NSNull(),
        "fix": f.fix.map { $0 as Any } ?? NSNull(),
      ] as [String: Any]
    }
    let groups: [[String: Any]] = report.families.flatMap { family in
      family.groups.map { group in
        [
          "family": family.name, "familyDisplayName": report.displayName(ofFamily: family.name), "style": group.style.rawValue, "count": group.members.count, "members": group.members,
          "effectiveSizePt": spread(group.effectiveSizePt), "perceivedSizePt": spread(group.perceivedSizePt),
          "strokeWeightPt": spread(group.strokeWeightPt), "strokeWeightContourPt": spread(group.strokeWeightContourPt),
          "detailDensity": spread(group.detailDensity), "extentPt": spread(group.extentPt),
        ] as [String: Any]
      }
    }
    let families: [Any] = report.families.map { family in
      [
        "name": family.name, "displayName": report.displayName(ofFamily: family.name), "consistencyScore": family.consistencyScore, "styleSplit": family.styleSplit,
        "majorityStyle": family.majorityStyle.map { $0.rawValue as Any } ?? NSNull(),
        "minorityStyleIcons": family.minorityStyleIcons,
        "icons": family.icons.map { e in
          [
            "id": e.id, "group": e.group.rawValue, "style": e.style.rawValue, "openStroke": e.isOpenStroke,
            "size": score(e.size), "stroke": score(e.stroke), "strokeContour": score(e.strokeContour),
            "detail": score(e.detail), "extent": score(e.extent),
          ] as [String: Any]
        },
      ] as [String: Any]
    }
    return [
      "schemaVersion": 1,
      "tool": ["name": "iconaudit", "version": toolVersion],
      "label": report.label.map { $0 as Any } ?? NSNull(),
      "family": ["consistencyScore": JSONReportWriter.overallConsistency(report), "groups": groups, "families": families],
      "summary": [
        "icons": report.icons.count, "errors": report.count(.error), "warnings": report.count(.warning),
        "infos": report.count(.info), "unreadable": report.unreadable.count,
        "allImages": report.effectiveScope.allImages, "auditedAsBarIcons": report.effectiveScope.audited,
        "imagesFound": report.effectiveScope.imagesFound, "notAuditedAsBarIcons": report.effectiveScope.notAudited.count,
        "skipped": report.effectiveScope.skipped.count, "folderNotes": [] as [Any], "leftOut": [] as [Any],
        "byReason": Dictionary(uniqueKeysWithValues: AuditScope.Reason.allCases.map { ($0.rawValue, 0) }),
      ] as [String: Any],
      "unreadable": report.unreadable.map { ["path": $0.path, "reason": $0.reason] },
      "icons": icons,
      "findings": findings,
    ]
  }

  /// Colour changes no width: the coloured text without its escape sequences is the plain text.
  @Test func colouredTextIsThePlainTextPainted() throws {
    let coloured = TextReportWriter.write(Self.report, color: true)
    #expect(coloured.contains("\u{1B}[31m"))
    let stripped = try Regex("\u{1B}\\[[0-9;]*m")
    #expect(coloured.replacing(stripped, with: "") == TextReportWriter.write(Self.report))
    #expect(TextTable.visibleLength("\u{1B}[31;1m✗\u{1B}[0m ab") == 4)
    #expect(TextTable.visibleLength("\u{1B}[x") == 3)
    // Trailing white space as `\s+$` takes it: scalars, so a space carrying a combining accent stays.
    #expect("a \t\u{3000}".trimmingTrailingWhitespace() == "a")
    #expect("x \u{301}".trimmingTrailingWhitespace() == "x \u{301}")
    #expect("  ".trimmingTrailingWhitespace() == "")
  }

  @Test func markdownEscapesNames() {
    let md = Self.outputs[2].1
    #expect(!md.contains("<b>"))
    #expect(md.contains("&lt;b&gt;&amp;\"odd\\|name\\*\\`"))
  }

  @Test func sarifShape() throws {
    let json = try JSONSerialization.jsonObject(with: Data(Self.outputs[3].1.utf8)) as! [String: Any]
    #expect(json["version"] as? String == "2.1.0")
    let run = (json["runs"] as! [[String: Any]])[0]
    let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
    let rules = driver["rules"] as! [[String: Any]]
    #expect(rules.map { $0["id"] as! String } == RuleRegistry.identifiers)
    let results = run["results"] as! [[String: Any]]
    #expect(results.count == Self.report.findings.count)
    for result in results {
      let index = result["ruleIndex"] as! Int
      #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
      #expect(["error", "warning", "note"].contains(result["level"] as! String))
    }
  }

  @Test func githubCommandsEscapeProperties() {
    var lines = Self.outputs[4].1.split(separator: "\n")
    // The summary first, a notice without a file.
    #expect(lines.removeFirst() == "::notice title=iconaudit summary::11 images found: 10 audited as bar icons, 1 unreadable")
    #expect(lines.count == Self.report.findings.count + 1)
    #expect(lines.allSatisfy { $0.hasPrefix("::error file=App/") || $0.hasPrefix("::warning file=App/") || $0.hasPrefix("::notice file=App/") })
    #expect(lines.allSatisfy { !$0.dropFirst(2).contains("\n") })
  }

  /// "M = …" is explained once, after the summary, only when a message gives one.
  @Test func githubExplainsMOnlyWhenAMessageHasIt() {
    #expect(!Self.outputs[4].1.contains("title=iconaudit M::"))
    var report = Self.report
    report.findings[0].message += " (M = 6.4)"
    let lines = GitHubAnnotationWriter.write(report).split(separator: "\n")
    #expect(lines[1].hasPrefix("::notice title=iconaudit M::M in a message is how far the icon is from its family"), "\(lines[1])")
    #expect(lines.count == Self.report.findings.count + 3)
  }

  @Test func xcodeLinesAreAbsolute() {
    for line in Self.outputs[5].1.split(separator: "\n") {
      #expect(line.hasPrefix("/src/App/TabBar/"))
      #expect(line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: "))
      #expect(line.hasSuffix("]"))
    }
  }
}

@Suite struct SizeColumnTests {
  /// A thin diagonal glyph has little hull area: its compared size (√ of 0.7 × its extent) is not
  /// √hull, and every table must show the compared one, the figure ×median divides.
  @Test("text and Markdown tables show the size the family compares, as the HTML page and the findings do")
  func tablesShowTheComparedSize() throws {
    var icons: [AuditIcon] = []
    func add(_ id: String, _ mask: AlphaMask) {
      icons.append(AuditIcon(id: "F/" + id, path: "F/\(id)@2x.png", family: "F", role: .unknown, scale: mask.scale,
                             widthPx: mask.width, heightPx: mask.height, metrics: MetricsEngine.measure(mask), mask: mask))
    }
    for i in 0..<6 { add("g\(i)", ExampleFamily.glyph(i)) }
    var slash = ExampleDrawing()
    for k in 0..<40 { let t = Double(k) / 39; slash.disk(cx: 4 + 16 * t, cy: 20 - 16 * t, r: 1) }
    add("slash", slash.mask)
    let report = Auditor.audit(icons)
    let family = try #require(report.families.first)
    let e = try #require(family.evaluation(for: "F/slash"))
    let m = try #require(icons.last?.metrics)
    let compared = String(format: "%.1f", e.size.value), hullOnly = String(format: "%.1f", m.perceivedSizePt)
    #expect(compared != hullOnly, "the test glyph must tell the two apart")
    let text = TextReportWriter.write(report)
    let row = try #require(text.split(separator: "\n").first { $0.contains("slash@2x.png") })
    #expect(row.split(separator: " ").contains(Substring(compared)), "\(row)")
    let markdown = MarkdownReportWriter.write(report, toolVersion: "TEST")
    let mdRow = try #require(markdown.split(separator: "\n").first { $0.contains("| slash |") })
    #expect(mdRow.contains("| \(compared) |"), "\(mdRow)")
  }
}
