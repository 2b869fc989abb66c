// SPDX-License-Identifier: GPL-3.0-or-later

/// A plain-text table with padded columns (the text report's families, `measure`'s icons): the
/// one renderer of both.
public enum TextTable {
  /// Columns are as wide as their widest cell (ANSI colour sequences not counted), two spaces
  /// apart; each line starts with `indent` and has no trailing whitespace.
  /// - Parameters:
  ///   - rightAligned: the columns aligned right (numbers), by index.
  ///   - ruled: a line of dashes under the header.
  /// - Complexity: O(cells).
  public static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = [], indent: String = "",
                            ruled: Bool = false) -> String {
    var widths = header.map(visibleLength)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], visibleLength(cell)) } }
    func line(_ cells: [String]) -> String {
      indent + cells.enumerated().map { i, cell in
        let pad = String(repeating: " ", count: max(0, widths[i] - visibleLength(cell)))
        return rightAligned.contains(i) ? pad + cell : cell + pad
      }.joined(separator: "  ").trimmingTrailingWhitespace() + "\n"
    }
    let rule = ruled ? line(widths.map { String(repeating: "-", count: $0) }) : ""
    return line(header) + rule + rows.map(line).joined()
  }

  /// The number of characters of `s` without its ANSI colour sequences (ESC [ digits and ; m).
  static func visibleLength(_ s: String) -> Int {
    guard s.unicodeScalars.contains("\u{1B}") else { return s.count }
    var visible = String.UnicodeScalarView()
    var scalars = s.unicodeScalars[...]
    while let c = scalars.first {
      if c == "\u{1B}", scalars.dropFirst().first == "[" {
        let body = scalars.dropFirst(2).prefix { ("0"..."9").contains($0) || $0 == ";" }
        let end = scalars.dropFirst(2 + body.count)
        if end.first == "m" {
          scalars = end.dropFirst()
          continue
        }
      }
      visible.append(c)
      scalars = scalars.dropFirst()
    }
    return String(visible).count
  }
}

extension String {
  /// Without the whitespace at its end: the Unicode scalars with the White_Space property, as the
  /// regular expression `\s+$` removes them.
  func trimmingTrailingWhitespace() -> String {
    var scalars = unicodeScalars[...]
    while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
