// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Numbers and counts as the human-readable reports print them (text, Markdown, HTML, SVG,
/// `measure`'s table): locale-independent, rounded as C's `%.Nf` rounds (the exact binary value to
/// the nearest, ties to even), never `-0`, `–` for a value that is not finite.
///
/// Not used by the JSON writers: ``JSONValue/format(_:decimals:)`` rounds the product
/// value × 10^N half away from zero (what the JSON schema's 4 decimals have always been), which
/// differs from `%.Nf` where the product rounds onto a tie (0.00125 → 0.0013 in JSON, 0.0012 with
/// `%.4f`); unifying them would change the bytes of JSON reports and snapshots. Rule messages are
/// formatted in Guidelines (`fmt`), a module below this one, with this rounding but keeping `-0`.
enum NumberText {
  /// `value` with exactly `decimals` decimals (`1.20`, `0.00`), for columns of numbers.
  static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    let text = String(format: "%.\(decimals)f", value)
    return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
  }

  /// `value` with at most `decimals` decimals, trailing zeros dropped (`1.27`, `2`, `0.5`).
  static func trimmed(_ value: Double, _ decimals: Int) -> String {
    var text = fixed(value, decimals)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// "1 error", "2 warnings": the count and the word, with an `s` unless the count is 1.
  static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
