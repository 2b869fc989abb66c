// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// Findings accepted as they are: `--write-baseline` records them, `--baseline` reports only
/// findings not in it. A finding's identity is its icon and rule (`Finding.baselineKey`), never
/// an absolute path or the message, so a baseline survives moving the checkout and rewording.
public struct Baseline: Sendable, Equatable {
  public static let currentVersion = 1
  /// Largest baseline file read, in bytes.
  public static let maxBytes = 256 << 20

  public struct Entry: Sendable, Equatable, Codable {
    public var iconId: String
    public var ruleId: String
    public var path: String
    public var severity: Severity
    public var measured: Double?
  }

  public var entries: [Entry]

  public init(findings: [Finding]) {
    entries = findings.map { Entry(iconId: $0.iconId, ruleId: $0.ruleId, path: $0.path, severity: $0.severity, measured: $0.measured) }
      .sorted { ($0.iconId, $0.ruleId) < ($1.iconId, $1.ruleId) }
  }

  /// The findings that are not in the baseline, and how many were suppressed. A finding recorded
  /// at a lower severity is reported again (a warning that became an error, under another
  /// configuration or a worse drawing): the baseline accepted the warning, not the error.
  public func filter(_ findings: [Finding]) -> (new: [Finding], suppressed: Int) {
    var recorded: [String: Severity] = [:]
    for entry in entries {
      let key = "\(entry.iconId)\u{1F}\(entry.ruleId)"
      recorded[key] = max(recorded[key] ?? entry.severity, entry.severity)
    }
    let new = findings.filter { finding in
      guard let severity = recorded[finding.baselineKey] else { return true }
      return finding.severity > severity
    }
    return (new, findings.count - new.count)
  }

  public static func load(path: String) throws(ConfigurationError) -> Baseline {
    func fail(_ problem: String) -> ConfigurationError { ConfigurationError(path: path, problem: problem) }
    let data: Data
    do { data = try BoundedFile.readData(path: path, limit: maxBytes) } catch { throw fail("cannot read the baseline (\(error.reason))") }
    struct File: Decodable {
      var version: Int
      var findings: [Entry]
    }
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      guard file.version == currentVersion else {
        throw fail("baseline version \(file.version) is not supported (this iconaudit reads version \(currentVersion))")
      }
      var baseline = Baseline(findings: [])
      baseline.entries = file.findings
      return baseline
    } catch let error as ConfigurationError {
      throw error
    } catch {
      // An audit's JSON report given for its baseline: say what it is and how to make a baseline.
      if (try? JSONDecoder().decode(ReportProbe.self, from: data))?.isReport == true {
        throw fail("an iconaudit JSON report, not a baseline (make one with 'iconaudit audit --write-baseline FILE')")
      }
      // Syntax, or a top level that is not an object: not a baseline at all; otherwise the key named.
      let problem = JSONDecodingProblem.describe(error)
      throw fail(JSONDecodingProblem.isAboutTheWholeDocument(error) ? "not a baseline file (\(problem))" : problem)
    }
  }

  /// Whether a JSON object has a `schemaVersion` key (of any value): the mark of a JSON report.
  private struct ReportProbe: Decodable {
    var isReport: Bool

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      isReport = try decoder.container(keyedBy: Key.self).contains(Key(stringValue: "schemaVersion"))
    }
  }
}
