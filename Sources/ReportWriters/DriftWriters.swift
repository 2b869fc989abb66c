// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writers of a drift report: text, JSON, Markdown, HTML. Pure functions of the report.
public enum DriftWriter {
  static func name(_ s: Snapshot) -> String { s.label ?? s.source }

  public static func text(_ d: DriftReport) -> String {
    var out = "Drift \(PlainText.field(name(d.before))) → \(PlainText.field(name(d.after)))\n"
    out += String(format: "consistency %.1f → %.1f (%+.1f)\n", d.scoreBefore, d.scoreAfter, d.scoreAfter - d.scoreBefore)
    let f = PlainText.field
    for id in d.added { out += "  + \(f(id)) added\n" }
    for id in d.removed { out += "  - \(f(id)) removed\n" }
    for r in d.renamed { out += "  ~ \(f(r.from)) renamed to \(f(r.to))\n" }
    for c in d.changed {
      out += "  * \(f(c.id)): " + c.changes.map(\.text).joined(separator: "; ") + "\n"
    }
    if !d.hasDrift { out += "  no icon changed beyond measurement noise\n" }
    for n in d.newFindings { out += "  new finding: \(f(n.path)): \(n.severity): \(f(n.message)) [\(n.ruleId)]\n" }
    for x in d.fixedFindings { out += "  fixed: \(f(x.path)): \(f(x.message)) [\(x.ruleId)]\n" }
    return out
  }

  public static func jsonValue(_ d: DriftReport) -> JSONValue {
    func finding(_ f: Snapshot.Finding) -> JSONValue {
      .object(["iconId": .string(f.iconId), "ruleId": .string(f.ruleId), "severity": .string(f.severity),
               "message": .string(f.message), "path": .string(f.path)])
    }
    return .object([
      "before": .object(["label": d.before.label.map(JSONValue.string) ?? .null, "consistencyScore": .double(d.scoreBefore)]),
      "after": .object(["label": d.after.label.map(JSONValue.string) ?? .null, "consistencyScore": .double(d.scoreAfter)]),
      "added": .array(d.added.map(JSONValue.string)),
      "removed": .array(d.removed.map(JSONValue.string)),
      "renamed": .array(d.renamed.map { .object(["from": .string($0.from), "to": .string($0.to), "correlation": .double($0.correlation)]) }),
      "changed": .array(d.changed.map { c in
        .object(["id": .string(c.id), "path": .string(c.path), "changes": .array(c.changes.map { m in
          .object(["metric": .string(m.metric), "before": .double(m.before), "after": .double(m.after), "summary": .string(m.summary)])
        })])
      }),
      "newFindings": .array(d.newFindings.map(finding)),
      "fixedFindings": .array(d.fixedFindings.map(finding)),
      "drift": .bool(d.hasDrift),
    ])
  }

  public static func markdown(_ d: DriftReport) -> String {
    let e = MarkdownReportWriter.escape
    var out = "## iconaudit drift: \(e(name(d.before))) → \(e(name(d.after)))\n\n"
    out += String(format: "Consistency %.1f → %.1f (%+.1f)\n\n", d.scoreBefore, d.scoreAfter, d.scoreAfter - d.scoreBefore)
    if d.hasDrift {
      out += "| icon | change |\n|---|---|\n"
      for id in d.added { out += "| \(e(id)) | added |\n" }
      for id in d.removed { out += "| \(e(id)) | removed |\n" }
      for r in d.renamed { out += "| \(e(r.to)) | renamed from \(e(r.from)) |\n" }
      for c in d.changed {
        out += "| \(e(c.id)) | " + c.changes.map(\.text).joined(separator: "; ") + " |\n"
      }
      out += "\n"
    } else {
      out += "No icon changed beyond measurement noise.\n\n"
    }
    if !d.newFindings.isEmpty {
      out += "**New findings**\n\n" + d.newFindings.map { "- \(e($0.path)): \(e($0.message)) (`\($0.ruleId)`)\n" }.joined() + "\n"
    }
    if !d.fixedFindings.isEmpty {
      out += "**Fixed**\n\n" + d.fixedFindings.map { "- \(e($0.path)): \(e($0.message)) (`\($0.ruleId)`)\n" }.joined() + "\n"
    }
    return out
  }

  public static func html(_ d: DriftReport) -> String {
    let before = Dictionary(d.before.icons.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let after = Dictionary(d.after.icons.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var rows = ""
    func row(_ label: String, _ old: Snapshot.Icon?, _ new: Snapshot.Icon?, _ what: String) {
      rows += "<tr><td>\(esc(label))</td><td>\(thumbnail(old?.signature))</td><td>\(thumbnail(new?.signature))</td><td>\(esc(what))</td></tr>\n"
    }
    for id in d.added { row(id, nil, after[id], "added") }
    for id in d.removed { row(id, before[id], nil, "removed") }
    for r in d.renamed { row(r.to, before[r.from], after[r.to], "renamed from \(r.from)") }
    let renamedFrom = Dictionary(uniqueKeysWithValues: d.renamed.map { ($0.to, $0.from) })
    for c in d.changed {
      let what = c.changes.map(\.text).joined(separator: "; ")
      row(c.id, before[renamedFrom[c.id] ?? c.id], after[c.id], what)
    }
    var findings = ""
    for f in d.newFindings { findings += "<li class=new>new: \(esc(f.path)): \(esc(f.message)) <code>\(esc(f.ruleId))</code></li>\n" }
    for f in d.fixedFindings { findings += "<li class=fixed>fixed: \(esc(f.path)): \(esc(f.message)) <code>\(esc(f.ruleId))</code></li>\n" }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <title>iconaudit drift: \(esc(name(d.before))) → \(esc(name(d.after)))</title>
      <style>
      \(HTMLStylesheet.drift)</style></head><body>
      <h1>Drift \(esc(name(d.before))) → \(esc(name(d.after)))</h1>
      <p class="score">Consistency \(String(format: "%.1f", d.scoreBefore)) → \(String(format: "%.1f", d.scoreAfter)) (\(String(format: "%+.1f", d.scoreAfter - d.scoreBefore)))</p>
      \(d.hasDrift ? "<table><tr><th>icon</th><th>before</th><th>after</th><th>change</th></tr>\n\(rows)</table>" : "<p>No icon changed beyond measurement noise.</p>")
      \(findings.isEmpty ? "" : "<h2>Findings</h2><ul>\n\(findings)</ul>")
      <p style="color:var(--muted)">Thumbnails are the drawings' 16×16 signatures (framed on their ink), recorded in the snapshots.</p>
      </body></html>

      """
  }

  /// A 16×16 signature as a small inline SVG.
  static func thumbnail(_ cells: [Float]?) -> String {
    guard let cells, cells.count == 256 else { return "–" }
    var rects = ""
    for (i, v) in cells.enumerated() where v > 0.02 {
      rects += "<rect x=\"\(i % 16)\" y=\"\(i / 16)\" width=\"1\" height=\"1\" fill-opacity=\"\(String(format: "%.2f", v))\"/>"
    }
    return "<svg class=\"thumb\" viewBox=\"0 0 16 16\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\">\(rects)</svg>"
  }

  /// Input text escaped for the page (file names, ids, messages, labels): ``HTMLEscaping``, as
  /// in the audit report, control characters included.
  static func esc(_ s: String) -> String { HTMLEscaping.escape(s) }
}

extension DriftWriter: IconauditOutput {
  /// The JSON's lists, as written.
  public static var jsonMarks: [[String]] {
    [["\n  \"added\": [", "\n  \"fixedFindings\": [", "\n  \"newFindings\": [", "\n  \"removed\": ["]]
  }

  /// The text's two first lines, the Markdown's heading, the page's title.
  public static func recognizes(_ sample: OutputSample) -> Bool {
    switch sample.kind {
    case .html: return sample.head.contains("<title>iconaudit drift: ")
    case .text:
      return sample.firstLine.hasPrefix("## iconaudit drift: ")
        || sample.firstLine.hasPrefix("Drift ") && sample.firstLine.contains(" → ") && sample.secondLine.hasPrefix("consistency ")
    }
  }
}
