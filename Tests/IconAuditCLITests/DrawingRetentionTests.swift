// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import Guidelines
import AuditFrontend
import IconMetrics
import IconRaster
import ReportWriters
import Testing
import TestSupport

/// The audit keeps only measurements, signatures and text detections of PNG icons, and reads a
/// drawing back from its file when a rule compares two (issue 8: memory bounded by the icons in
/// flight). The findings must be those of an audit that keeps every drawing.
@Suite struct DrawingRetentionTests {
  @Test func readingDrawingsBackGivesTheSameAudit() throws {
    let root = try makeTemporaryFolder("retention")
    defer { try? FileManager.default.removeItem(atPath: root) }
    // A family with a duplicate, a selected state identical to its item, and text in an icon.
    try writeFamily(root, extra: [
      ("copy", ExampleFamily.glyph(3)), ("g1-selected", ExampleFamily.glyph(1)), ("label", TextExamples.letters),
    ])
    // A vector icon: its coverage is kept as a PNG in memory rather than rendered again.
    try write(Array(##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="8" fill="none" stroke="#000" stroke-width="2"/></svg>"##.utf8), root + "/vector.svg")
    var keep = MeasurementOptions()
    keep.drawings = .keep
    keep.textMinimumHeightPx = AuditConfiguration().textMinimumHeightPx
    var reload = keep
    reload.drawings = .reload
    let kept = MeasurementPipeline.run(paths: [root], options: keep).icons
    let read = MeasurementPipeline.run(paths: [root], options: reload).icons
    #expect(kept.count == 12 && read.count == 12)
    for (a, b) in zip(kept, read) {
      #expect(b.compactMask == nil && b.maskLoader != nil, "\(b.id) keeps its drawing")
      #expect(b.maskLoader?() == a.compactMask, "\(b.id): the drawing read back differs")
      #expect(b.signature == a.compactMask.map { Spectrum.signature($0.alphaMask) })
      #expect(b.textDetection?.detection == a.textDetection?.detection)
    }
    #expect(read.first { $0.id == "label" }?.textDetection?.detection != nil)

    func audit(_ icons: [MeasuredIcon]) -> AuditReport {
      Auditor.audit(StatePairing.assign(icons.map { $0.auditIcon(family: "", role: .tabBar) }, suffixes: ["-selected"]))
    }
    let a = audit(kept), b = audit(read)
    #expect(a.findings == b.findings)
    let rules = Set(b.findings.map(\.ruleId))
    for rule in ["duplicate_icon", "selected_state_mismatch", "text_in_icon"] {
      #expect(rules.contains(rule), "\(rule) not exercised: \(rules.sorted())")
    }
  }

  /// A file changed or removed between measuring and reading it back is reported, not compared.
  @Test func aDrawingThatChangedMeanwhileIsReportedNotCompared() throws {
    let root = try makeTemporaryFolder("retention-race")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root, extra: [("copy", ExampleFamily.glyph(3)), ("other", ExampleFamily.glyph(5))])
    var options = MeasurementOptions()
    options.drawings = .reload
    let measured = MeasurementPipeline.run(paths: [root], options: options).icons
    let icons = measured.map { $0.auditIcon(family: "", role: .tabBar) }
    #expect(Auditor.audit(icons).findings.contains { $0.ruleId == "duplicate_icon" })
    #expect(options.readBackFailures.all.isEmpty)
    // One of the pair goes away, another icon is redrawn (same name, other pixels).
    try FileManager.default.removeItem(atPath: root + "/copy@2x.png")
    try write(PNGCodec.encode(ExampleFamily.glyph(6)), root + "/other@2x.png")
    let again = Auditor.audit(icons)
    #expect(!again.findings.contains { $0.ruleId == "duplicate_icon" })
    #expect(measured.first { $0.id == "other" }?.maskLoader?() == nil)
    let failures = options.readBackFailures.all
    #expect(failures.map(\.reportPath) == ["copy@2x.png", "other@2x.png"])
    #expect(failures.allSatisfy { $0.reason.contains("changed or removed while it was audited") })
  }

  /// The HTML report reads every drawing back once, before it writes anything: one that went away
  /// since the audit is listed under "Unreadable inputs" (and counted in the header), once, and
  /// drawn nowhere.
  @Test func theHTMLReportListsADrawingItCouldNotReadBack() throws {
    let root = try makeTemporaryFolder("retention-html")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root, extra: [("gone", ExampleFamily.glyph(5))])
    var options = MeasurementOptions()
    options.drawings = .reload
    let measured = MeasurementPipeline.run(paths: [root], options: options).icons
    var report = Auditor.audit(measured.map { $0.auditIcon(family: "", role: .tabBar) })
    #expect(options.readBackFailures.all.isEmpty)
    report.unreadable = [(path: "broken.png", reason: "not a PNG")]
    try FileManager.default.removeItem(atPath: root + "/gone@2x.png")
    let html = HTMLReportWriter.write(report, toolVersion: "TEST", readBackFailures: {
      // The same failure twice: listed once.
      options.readBackFailures.all.map { (path: $0.reportPath, reason: $0.reason) }
        + options.readBackFailures.all.map { (path: $0.reportPath, reason: $0.reason) }
    })
    #expect(options.readBackFailures.all.map(\.reportPath) == ["gone@2x.png"])
    #expect(html.contains("Unreadable inputs <span class=\"count\">2</span>"))
    #expect(html.components(separatedBy: "<li><code>gone@2x.png</code>").count == 2)
    #expect(html.contains("<code>broken.png</code>"))
    // Every other icon is drawn; the one that went away is not.
    let index = try #require(report.icons.firstIndex { $0.id == "gone" })
    #expect(!html.contains(".gm\(index){"))
    #expect(report.icons.indices.filter { $0 != index }.allSatisfy { html.contains(".gm\($0){") })
  }
}
