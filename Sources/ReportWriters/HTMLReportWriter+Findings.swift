// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

extension HTMLReportWriter {
  /// The findings grouped by rule: rules with errors first, then by registry order (unknown
  /// rules last, by identifier); within a rule, by severity, then in report order.
  static func findingsSection(_ page: HTMLPage) -> String {
    let findings = page.report.findings
    var s = "<section class=\"panel\" id=\"findings\">\n<h2>Findings"
    if !findings.isEmpty { s += " <span class=\"count\">\(findings.count)</span>" }
    s += "</h2>\n"
    guard !findings.isEmpty else {
      return s + "<p class=\"all-clear\">No findings: every icon follows the guidelines the enabled rules check.</p>\n</section>\n"
    }
    // The family rules' messages give a modified z-score, "M = …": say once what it is.
    if ModifiedZScoreNote.applies(to: findings) {
      s += "<p class=\"rationale\" id=\"m-score\"><b>M</b> " + ModifiedZScoreNote.explanation(rules: "<code>iconaudit rules</code>") + "</p>\n"
    }
    let ruleIds = orderedRuleIds(findings)
    func worst(_ id: String) -> Severity { findings.filter { $0.ruleId == id }.map(\.severity).max() ?? .info }
    for id in ruleIds {
      let description = RuleRegistry.rule(id)?.description
      let group = findings.enumerated().filter { $0.element.ruleId == id }
        .sorted { a, b in a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset }
        .map(\.element)
      let counts = Severity.allCases.reversed().compactMap { severity -> String? in
        let c = group.filter { $0.severity == severity }.count
        guard c > 0 else { return nil }
        let word = severity == .info ? "note" : severity.rawValue
        return "<span class=\"sev-\(severity.rawValue)-text\">\(NumberText.plural(c, word))</span>"
      }.joined(separator: " · ")
      s += "<article class=\"rule sev-\(worst(id).rawValue)\" id=\"rule-\(HTMLEscaping.escape(id))\" data-rule=\"\(HTMLEscaping.escape(id))\">\n"
      s += "<header><h3>\(HTMLEscaping.escape(description?.name ?? id))</h3><code>\(HTMLEscaping.escape(id))</code>"
      if let scope = description?.scope { s += "<span class=\"chip\">\(scope.rawValue)</span>" }
      s += "<span class=\"counts\">\(counts)</span></header>\n"
      if let rationale = description?.rationale {
        // The guideline in one sentence; how the rule measures it, and its calibration, folded.
        let (guideline, reasoning) = guidelineSentence(rationale)
        s += "<p class=\"rationale\">\(HTMLEscaping.escape(guideline))</p>\n"
        if !reasoning.isEmpty {
          s += "<details class=\"reasoning\"><summary>How iconaudit measures it</summary><p class=\"rationale\">\(HTMLEscaping.escape(reasoning))</p></details>\n"
        }
      }
      s += "<ol class=\"findings\">"
      for finding in group {
        let index = page.indexOfId[finding.iconId]
        let iconAttribute = index.map { " data-i=\"\($0)\"" } ?? ""
        s += "<li class=\"finding sev-\(finding.severity.rawValue)\"\(iconAttribute) data-rule=\"\(HTMLEscaping.escape(finding.ruleId))\" data-sev=\"\(finding.severity.rawValue)\"><span class=\"sev\">\(finding.severity == .info ? "note" : finding.severity.rawValue)</span>"
        if let index {
          s += "<a class=\"who\" href=\"#icon-\(index)\">\(thumbnail(page, index, box: 28))<span>\(HTMLEscaping.escape(page.iconName(index)))</span></a>"
        } else {
          s += "<span class=\"who\"><span>\(HTMLEscaping.escape(finding.iconId))</span></span>"
        }
        s += "<div class=\"what\"><p class=\"msg\">\(HTMLEscaping.escape(finding.message))</p>"
        if let fix = finding.fix { s += "<p class=\"fix\"><b>Fix</b> \(HTMLEscaping.escape(fix))</p>" }
        s += "<p class=\"where\"><code>\(HTMLEscaping.escape(finding.path))</code>"
        if let expected = finding.expected { s += " · expected \(HTMLEscaping.escape(expected))" }
        s += "</p></div></li>"
      }
      s += "</ol>\n</article>\n"
    }
    return s + "</section>\n"
  }

  /// A rule's rationale split after its first sentence: the guideline a designer reads (a
  /// rationale opens with it, and its source in the HIG), then how the rule measures it, with the
  /// figures of its calibration, which the page folds away. The sentence ends at the first ". "
  /// followed by a capital letter outside parentheses, brackets and quotes; a rationale of one
  /// sentence is all guideline (`reasoning` empty). O(n) in the rationale's length.
  static func guidelineSentence(_ rationale: String) -> (guideline: String, reasoning: String) {
    var depth = 0, quoted = false
    var index = rationale.startIndex
    while index < rationale.endIndex {
      let character = rationale[index]
      switch character {
      case "(", "[": depth += 1
      case ")", "]": depth = max(0, depth - 1)
      case "\"": quoted.toggle()
      case "." where depth == 0 && !quoted:
        let space = rationale.index(after: index)
        if space < rationale.endIndex, rationale[space] == " " {
          let next = rationale.index(after: space)
          if next < rationale.endIndex, rationale[next].isUppercase {
            return (String(rationale[...index]), String(rationale[next...]))
          }
        }
      default: break
      }
      index = rationale.index(after: index)
    }
    return (rationale, "")
  }
}
