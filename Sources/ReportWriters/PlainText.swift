// SPDX-License-Identifier: GPL-3.0-or-later

/// Text for a terminal: what a file name or label brings with it may not drive the terminal.
public enum PlainText {
  /// Text with control characters made visible (`\u{1B}`), so that a file name cannot send escape
  /// sequences to the terminal (retitle it, hide text, fake colours) or, unless `keepNewlines`, start a
  /// line of its own on stderr.
  public static func printable(_ text: String, keepNewlines: Bool) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && !(keepNewlines && ($0 == "\n" || $0 == "\t")) }) else {
      return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) && !(keepNewlines && (scalar == "\n" || scalar == "\t")) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// One field of a line-oriented report (a path, a message): control characters, line breaks
  /// included, made visible.
  public static func field(_ text: String) -> String { printable(text, keepNewlines: false) }
}
