// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import ReportWriters
import Testing

/// `--output` replaces a file iconaudit wrote without `--force`, and nothing else: every output
/// is recognised by its own marks, and a file that only mentions iconaudit is not.
@Suite struct OutputRecognitionTests {
  static let report = goldenReport()

  /// Every output iconaudit writes, by name: each report format of the registry, measurements,
  /// drift, history and a baseline.
  static func outputs() throws -> [(name: String, bytes: [UInt8])] {
    var outputs: [(name: String, bytes: [UInt8])] = []
    let context = ReportContext(toolVersion: "TEST", pathPrefix: "App/Icons", root: "/src/App")
    for format in ReportFormats.all {
      outputs.append(("audit --format \(format.identifier)", format.write(report, context: context).flatMap { $0 }))
    }
    let measured = MeasurementReport(
      icons: report.icons.map { .init(id: $0.id, path: $0.path, scale: $0.scale, widthPx: $0.widthPx, heightPx: $0.heightPx, metrics: $0.metrics) },
      unreadable: report.unreadable)
    outputs.append(("measure text", Array(MeasureWriter.text(measured).utf8)))
    outputs.append(("measure json", Array(MeasureWriter.json(measured, toolVersion: "TEST").utf8)))
    let before = try Snapshot(json: Data(JSONReportWriter.writeUTF8(report, toolVersion: "TEST")), source: "v1")
    var later = report
    later.icons.removeLast()
    later.findings.removeLast()
    let after = try Snapshot(json: Data(JSONReportWriter.writeUTF8(later, toolVersion: "TEST")), source: "v2")
    let drift = Drift.compare(before, after, tolerances: DriftTolerances())
    outputs.append(("drift text", Array(DriftWriter.text(drift).utf8)))
    outputs.append(("drift json", Array(DriftWriter.jsonValue(drift).serialized().utf8)))
    outputs.append(("drift markdown", Array(DriftWriter.markdown(drift).utf8)))
    outputs.append(("drift html", Array(DriftWriter.html(drift).utf8)))
    let history = HistoryReport(snapshots: [before, after])
    outputs.append(("history markdown", Array(HistoryWriter.markdown(history).utf8)))
    outputs.append(("history html", Array(HistoryWriter.html(history).utf8)))
    outputs.append(("history json", Array(HistoryWriter.jsonValue(history).serialized().utf8)))
    outputs.append(("baseline", Array(BaselineWriter.write(Baseline(findings: report.findings)).utf8)))
    return outputs
  }

  /// Files that mention iconaudit, or look a little like its outputs, and are the user's.
  static let unrelated: [(name: String, text: String)] = [
    ("README.md", """
      ## iconaudit setup

      Run `iconaudit audit Icons --format sarif -o iconaudit.sarif` in CI; see the iconaudit docs.
      The tool: {"name": "iconaudit"}.

      """),
    ("CI workflow", """
      name: icons
      on: [pull_request]
      jobs:
        iconaudit:
          runs-on: macos-latest
          steps:
            - uses: actions/checkout@v4
            - run: iconaudit audit App/Icons --format github --path-prefix App/Icons
      # ::error title=iconaudit is how findings show up

      """),
    ("package.json", """
      {
        "name": "iconaudit",
        "version": "0.1.0",
        "description": "iconaudit wrapper; tool: iconaudit",
        "scripts": { "audit": "iconaudit audit Icons --format json" },
        "devDependencies": { "iconaudit": "^0.1.0" }
      }

      """),
    ("plain log", """
      2024-05-01 build started
      iconaudit: 3 icons measured
      12 icons: done
      main.swift: error: something failed [build]

      """),
  ]

  static func written(_ bytes: [UInt8], _ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iconaudit-recognition-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-")).path
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  @Test func everyOutputIsRecognisedAsIconaudits() throws {
    let outputs = try Self.outputs()
    // Every registered format is among them.
    #expect(outputs.count == ReportFormats.all.count + 10)
    for output in outputs {
      #expect(!output.bytes.isEmpty, "\(output.name) wrote nothing")
      let path = try Self.written(output.bytes, output.name)
      defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
      #expect(OutputRecognition.looksWrittenByIconaudit(path), "\(output.name) is not recognised as iconaudit's")
    }
  }

  @Test(arguments: unrelated.map(\.name))
  func anUnrelatedFileIsNotRecognised(name: String) throws {
    let text = Self.unrelated.first { $0.name == name }!.text
    let path = try Self.written(Array(text.utf8), name)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    #expect(!OutputRecognition.looksWrittenByIconaudit(path), "\(name) is taken for iconaudit's")
  }

  /// A missing or empty file is free to write.
  @Test func missingAndEmptyFilesAreFree() throws {
    let path = try Self.written([], "empty")
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    #expect(OutputRecognition.looksWrittenByIconaudit(path))
    #expect(OutputRecognition.looksWrittenByIconaudit(path + "-missing"))
  }

  /// The registry names each format once, and the parser's choices come from it.
  @Test func formatIdentifiersAreUnique() {
    #expect(Set(ReportFormats.identifiers).count == ReportFormats.all.count)
    #expect(ReportFormats.identifiers == ["text", "json", "markdown", "html", "sarif", "github", "xcode"])
    for identifier in ReportFormats.identifiers { #expect(ReportFormats.named(identifier)?.identifier == identifier) }
    #expect(ReportFormats.named("txt") == nil)
  }
}
