// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// A baseline file (`--write-baseline`): the findings' stable keys, read back by `Baseline.load`.
public enum BaselineWriter {
  public static func write(_ baseline: Baseline) -> String {
    let entries: [JSONValue] = baseline.entries.map { e in
      .object([
        "iconId": .string(e.iconId), "ruleId": .string(e.ruleId), "path": .string(e.path),
        "severity": .string(e.severity.rawValue), "measured": e.measured.map(JSONValue.double) ?? .null,
      ])
    }
    return JSONValue.object(["version": .int(Baseline.currentVersion), "tool": .string("iconaudit"), "findings": .array(entries)]).serialized()
  }
}

extension BaselineWriter: IconauditOutput {
  /// `tool` and the findings, as written.
  public static var jsonMarks: [[String]] { [["\n  \"tool\": \"iconaudit\",", "\n  \"findings\": ["]] }
}
