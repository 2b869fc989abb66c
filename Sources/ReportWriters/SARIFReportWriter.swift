// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines

/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), for code-scanning
/// dashboards: the rules as `tool.driver.rules`, each finding a result with a level and a file
/// location (the icon's analysed file, relative to the audited root).
public enum SARIFReportWriter {
  public static func value(_ report: AuditReport, toolVersion: String) -> JSONValue {
    let rules = RuleRegistry.all.map { $0.description }
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.identifier, $0.offset) })
    let driverRules: [JSONValue] = rules.map { d in
      // Help, which a code-scanning dashboard shows beside each alert: the guideline in one
      // sentence and where the rest is; the whole rationale (how the rule measures, its
      // calibration: up to 11,000 characters) is the full description.
      let guideline = HTMLReportWriter.guidelineSentence(d.rationale).guideline
      let help = guideline + " How iconaudit measures it: the rule's full description; its thresholds: 'iconaudit rules'."
      return .object([
        "id": .string(d.identifier),
        "name": .string(d.name.replacingOccurrences(of: " ", with: "")),
        "shortDescription": .object(["text": .string(d.name)]),
        "fullDescription": .object(["text": .string(d.rationale)]),
        "help": .object(["text": .string(help)]),
        "defaultConfiguration": .object(["level": .string(level(d.defaultSeverity))]),
        "properties": .object(["scope": .string(d.scope.rawValue)]),
      ])
    }
    let results: [JSONValue] = report.findings.map { f in
      var message = f.message
      if let fix = f.fix { message += ". Fix: \(fix)" }
      var result: [String: JSONValue] = [
        "ruleId": .string(f.ruleId),
        "level": .string(level(f.severity)),
        "message": .object(["text": .string(message)]),
        "locations": .array([physicalLocation(f.path)]),
        "partialFingerprints": .object(["iconauditFinding/v1": .string("\(f.iconId)/\(f.ruleId)")]),
      ]
      if let i = index[f.ruleId] { result["ruleIndex"] = .int(i) }
      // The lines of code that put the icon in a bar, where a developer works.
      let code = BarIconsInCode.locations(of: f.iconId, in: report)
      if !code.isEmpty {
        result["relatedLocations"] = .array(code.enumerated().map { index, location in
          codeLocation(location, id: index + 1, prefix: prefixFor(report))
        })
      }
      if let measured = f.measured { result["properties"] = .object(["measured": .double(measured)]) }
      return .object(result)
    }
    var run: [String: JSONValue] = [
      "tool": .object(["driver": .object([
        "name": .string("iconaudit"),
        "semanticVersion": .string(toolVersion),
        "version": .string(toolVersion),
        "rules": .array(driverRules),
      ])]),
      "results": .array(results),
      "columnKind": .string("unicodeCodePoints"),
    ]
    // The summary as the run's property bag (SARIF §3.8): what was found and audited as bar icons.
    let scope = report.effectiveScope
    var byReason: [String: JSONValue] = [:]
    for (reason, count) in scope.countsByReason { byReason[reason.rawValue] = .int(count) }
    run["properties"] = .object(["summary": .object([
      "imagesFound": .int(scope.imagesFound),
      "auditedAsBarIcons": .int(scope.audited),
      "notAuditedAsBarIcons": .int(scope.notAudited.count),
      "skipped": .int(scope.skipped.count),
      "unreadable": .int(report.unreadable.count),
      "byReason": .object(byReason),
      "text": .string(scope.line),
    ])])
    if !report.unreadable.isEmpty {
      let notifications = report.unreadable.map { notification(path: $0.path, reason: $0.reason) }
      let invocation: [String: JSONValue] = [
        "executionSuccessful": .bool(true),
        "toolExecutionNotifications": .array(notifications),
      ]
      run["invocations"] = .array([.object(invocation)])
    }
    return .object([
      "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
      "version": .string("2.1.0"),
      "runs": .array([.object(run)]),
    ])
  }

  public static func write(_ report: AuditReport, toolVersion: String) -> String {
    value(report, toolVersion: toolVersion).serialized()
  }

  static func physicalLocation(_ path: String) -> JSONValue {
    let artifact: [String: JSONValue] = ["uri": .string(uri(path))]
    let physical: [String: JSONValue] = ["artifactLocation": .object(artifact)]
    return .object(["physicalLocation": .object(physical)])
  }

  /// A `file:line` as a related location with a region.
  static func codeLocation(_ location: String, id: Int, prefix: String) -> JSONValue {
    let colon = location.lastIndex(of: ":")
    let file = colon.map { String(location[..<$0]) } ?? location
    let line = colon.flatMap { Int(location[location.index(after: $0)...]) } ?? 1
    let physical: [String: JSONValue] = [
      "artifactLocation": .object(["uri": .string(uri(prefix + file))]),
      "region": .object(["startLine": .int(line)]),
    ]
    return .object(["id": .int(id), "physicalLocation": .object(physical),
                    "message": .object(["text": .string("puts the icon in the bar")])])
  }

  /// The path prefix the findings carry (SARIF's writer prefixes finding paths before writing).
  static func prefixFor(_ report: AuditReport) -> String { report.codePathPrefix }

  static func notification(path: String, reason: String) -> JSONValue {
    let message: [String: JSONValue] = ["text": .string("\(path): \(reason)")]
    let fields: [String: JSONValue] = [
      "level": .string("error"),
      "message": .object(message),
      "locations": .array([physicalLocation(path)]),
    ]
    return .object(fields)
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .info: return "note"
    }
  }

  /// A relative path as a URI reference: each segment percent-encoded (RFC 3986 pchar).
  static func uri(_ path: String) -> String {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".unicodeScalars)
    var out = ""
    for scalar in path.unicodeScalars {
      if scalar == "/" || allowed.contains(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 { out += String(format: "%%%02X", byte) }
      }
    }
    return out
  }
}

extension SARIFReportWriter: ReportFormat {
  public static let identifier = "sarif"

  /// With ``ReportContext/pathPrefix``, every location (findings and unreadable files) is under it,
  /// so that code scanning finds the files from the repository root.
  public static func write(_ report: AuditReport, context: ReportContext) -> [[UInt8]] {
    var prefixed = report
    let prefix = context.pathPrefix
    if !prefix.isEmpty {
      prefixed.findings = report.findings.map { var f = $0; f.path = prefix + f.path; return f }
      prefixed.unreadable = report.unreadable.map { (prefix + $0.path, $0.reason) }
      prefixed.codePathPrefix = prefix
    }
    return [Array(write(prefixed, toolVersion: context.toolVersion).utf8)]
  }

  /// The driver's name, as written.
  public static var jsonMarks: [[String]] { [["\n        \"driver\": {\n          \"name\": \"iconaudit\","]] }
}
