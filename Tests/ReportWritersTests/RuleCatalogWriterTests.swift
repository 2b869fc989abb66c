// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ReportWriters

/// The rule catalogue's tables as GitHub renders them: a pipe splits a cell unless escaped, and
/// GitHub drops the cells past the header's count, so an unescaped `|M|` in a threshold's meaning
/// would cut the meaning off at "M".
struct RuleCatalogWriterTests {
  /// Cells of a GitHub table row: split at unescaped pipes, outer pipes removed.
  private func cellCount(_ row: Substring) -> Int {
    var body = Array(row)
    if body.first == "|" { body.removeFirst() }
    if body.last == "|", body.dropLast().last != "\\" { body.removeLast() }
    var cells = 1
    var previous: Character = " "
    for character in body {
      if character == "|", previous != "\\" { cells += 1 }
      previous = character
    }
    return cells
  }

  @Test func everyTableRowHasItsHeadersCells() {
    let lines = RuleCatalogWriter.markdown().split(separator: "\n", omittingEmptySubsequences: false)
    var rowsChecked = 0
    var index = 0
    while index + 1 < lines.count {
      guard lines[index].hasPrefix("|"), lines[index + 1].hasPrefix("|---") else { index += 1; continue }
      let width = cellCount(lines[index])
      index += 2
      while index < lines.count, lines[index].hasPrefix("|") {
        #expect(cellCount(lines[index]) == width, "\(lines[index])")
        rowsChecked += 1
        index += 1
      }
    }
    #expect(rowsChecked > 20)
  }

  @Test func aPipeInACellIsEscaped() {
    #expect(RuleCatalogWriter.tableCell("|M| above 3.5") == "\\|M\\| above 3.5")
    #expect(RuleCatalogWriter.tableCell("no pipe") == "no pipe")
  }
}
