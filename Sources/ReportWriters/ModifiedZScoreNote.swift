// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// What "M = …" in a family rule's message is, said once in a report that has one (the text,
/// Markdown and HTML reports and GitHub's annotations; a reader of any of them meets the letter
/// without the rule catalogue).
enum ModifiedZScoreNote {
  /// Whether a finding's message gives a modified z-score ("(M = -6.4)", "… M = 9.1"). O(n) in the
  /// messages' length.
  static func applies(to findings: [Finding]) -> Bool {
    findings.contains { $0.message.contains("(M = ") || $0.message.contains(" M = ") }
  }

  /// The explanation after "M", in plain words; `rules` is how the report writes the command that
  /// lists the thresholds (`iconaudit rules` in code style, or plain).
  static func explanation(rules: String) -> String {
    "in a message is how far the icon is from its family: its difference from the family's median in units of the "
      + "family's own spread (a robust z-score; 0 is the median, and the further from 0, the more it stands out; "
      + "the thresholds of each rule are in \(rules))."
  }
}
