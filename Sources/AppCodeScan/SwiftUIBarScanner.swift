// SPDX-License-Identifier: GPL-3.0-or-later

/// Finds the images SwiftUI puts in bars: `.tabItem { Image("x") / Label("…", image: "x") }`,
/// `Tab("…", image: "x")` (tab bar); `ToolbarItem(placement:) { … }` and `ToolbarItemGroup`
/// (the toolbar for `.bottomBar`, `.keyboard` and `.status`, else the navigation bar); and the
/// images of a `.toolbar { … }` outside its items (the navigation bar, SwiftUI's automatic
/// placement on iOS). `Image(systemName:)` is noted as a system symbol.
///
/// - Complexity: O(n) per pattern for n bytes; each region read is bounded.
enum SwiftUIBarScanner {
  static let toolbarPlacements: Set<String> = ["bottomBar", "keyboard", "status", "bottomOrnament"]

  static func scan(_ source: SourceText, path: String, tables: SymbolTables) -> [BarIconUse] {
    var uses: [BarIconUse] = []
    func add(_ range: Range<Int>, role: BarRole, pattern: String) {
      for ref in ImageExpression.references(in: range, source, tables: tables) {
        uses.append(BarIconUse(image: ref.reference, role: role, bar: "\(path) \(role.barName)",
                               location: SourceLocation(path: path, line: source.line(at: ref.offset)), pattern: pattern))
      }
    }
    /// The `{ … }` right after `offset` (spaces skipped).
    func trailingClosure(_ offset: Int) -> Range<Int>? {
      let j = source.skipSpaces(offset)
      return j < source.code.count && source.code[j] == UInt8(ascii: "{") ? source.balanced(at: j) : nil
    }
    for at in source.occurrences(of: ".tabItem", wordStart: false) {
      let end = at + 8
      guard end < source.code.count, !SourceText.isIdentifier(source.code[end]), let body = trailingClosure(end) else { continue }
      add(body, role: .tabBar, pattern: ".tabItem")
    }
    for at in source.occurrences(of: "Tab(") {
      guard let args = source.balanced(at: at + 3) else { continue }
      add(args, role: .tabBar, pattern: "Tab(_:image:)")
    }
    var itemRegions: [Range<Int>] = []
    for word in ["ToolbarItemGroup", "ToolbarItem"] {
      for at in source.occurrences(of: word) {
        let end = at + word.utf8.count
        guard end < source.code.count, !SourceText.isIdentifier(source.code[end]) else { continue }
        guard !itemRegions.contains(where: { $0.contains(at) }) else { continue }
        var role = BarRole.navigationBar
        var after = end
        if source.code[source.skipSpaces(end)] == UInt8(ascii: "("), let args = source.balanced(at: source.skipSpaces(end)) {
          if let placement = source.arguments(in: args).first(where: { $0.label == "placement" }) {
            let name = source.text(placement.value).trimmingSpaces.drop(while: { $0 == "." })
            if toolbarPlacements.contains(String(name.prefix(while: { $0.isLetter }))) { role = .toolbar }
          }
          after = args.upperBound + 1
        }
        guard let body = trailingClosure(after) else { continue }
        itemRegions.append(body)
        add(body, role: role, pattern: word)
      }
    }
    for at in source.occurrences(of: ".toolbar", wordStart: false) {
      let end = at + 8
      guard end < source.code.count, !SourceText.isIdentifier(source.code[end]), let body = trailingClosure(end) else { continue }
      // Images outside the items: SwiftUI places them in the navigation bar.
      var pieces: [Range<Int>] = []
      var start = body.lowerBound
      for region in itemRegions.filter({ body.contains($0.lowerBound) }).sorted(by: { $0.lowerBound < $1.lowerBound })
      where region.lowerBound >= start {
        pieces.append(start..<region.lowerBound)
        start = region.upperBound
      }
      pieces.append(start..<body.upperBound)
      for piece in pieces where !piece.isEmpty { add(piece, role: .navigationBar, pattern: ".toolbar") }
    }
    return uses
  }
}
