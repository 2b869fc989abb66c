// SPDX-License-Identifier: GPL-3.0-or-later

/// The app's own names for images, gathered from every Swift file before the bar uses are read:
/// string enum cases (`case menu = "icon_menu"`, or `case .menu: return "icon_menu"` in a
/// switch), the Objective-C names Swift gives them (`UIImageNameMenu` for `UIImageName.menu`), and
/// static accessors whose body names images (`static func preMealImage(selected:) -> UIImage?`).
///
/// - Complexity: O(total bytes) over the files added.
public struct SymbolTables: Sendable {
  /// Enum case → the image name it stands for.
  var enumCases: [String: String] = [:]
  /// `EnumNameCase` (as Objective-C sees a Swift enum case) → the image name.
  var constants: [String: String] = [:]
  /// A static accessor's name → the images its body names.
  var accessors: [String: [ImageReference]] = [:]

  public init() {}

  mutating func add(_ source: SourceText) {
    let enums = source.occurrences(of: "enum ").compactMap { at -> (Int, String)? in
      var j = source.skipSpaces(at + 5), start = j
      start = j
      while j < source.code.count && SourceText.isIdentifier(source.code[j]) { j += 1 }
      return j > start ? (at, source.text(start..<j)) : nil
    }
    func enclosingEnum(_ offset: Int) -> String? { enums.last { $0.0 < offset }?.1 }
    for at in source.occurrences(of: "case ") {
      var j = source.skipSpaces(at + 5)
      let dotted = j < source.code.count && source.code[j] == UInt8(ascii: ".")
      if dotted { j += 1 }
      let start = j
      while j < source.code.count && SourceText.isIdentifier(source.code[j]) { j += 1 }
      guard j > start else { continue }
      let name = source.text(start..<j)
      var k = source.skipSpaces(j)
      if dotted {
        // `case .menu: return "icon_menu"` or `case .menu: "icon_menu"`
        guard k < source.code.count, source.code[k] == UInt8(ascii: ":") else { continue }
        k = source.skipSpaces(k + 1)
        if SourceText.matches(source.code, k, "return") { k = source.skipSpaces(k + 6) }
      } else {
        guard k < source.code.count, source.code[k] == UInt8(ascii: "=") else { continue }
        k = source.skipSpaces(k + 1)
      }
      guard k < source.code.count, source.code[k] == UInt8(ascii: "\""),
        let literal = source.strings(in: k..<min(source.code.count, k + 400)).first
      else { continue }
      if enumCases[name] == nil { enumCases[name] = literal.value }
      if let owner = enclosingEnum(at), let first = name.first {
        constants[owner + first.uppercased() + name.dropFirst()] = literal.value
      }
    }
    // Static accessors, and view properties such as `var tabLabel: some View` (a tab's label).
    for keyword in ["static func ", "class func ", "static var ", "var ", "func "] {
      for at in source.occurrences(of: keyword) {
        var j = source.skipSpaces(at + keyword.utf8.count)
        let start = j
        while j < source.code.count && SourceText.isIdentifier(source.code[j]) { j += 1 }
        guard j > start else { continue }
        let name = source.text(start..<j)
        // The signature up to the body must return an image.
        var k = j
        while k < source.code.count && k - j < 400 && source.code[k] != UInt8(ascii: "{") { k += 1 }
        let signature = source.text(j..<k)
        guard k < source.code.count, signature.contains("Image") || signature.contains("some View"), let body = source.balanced(at: k) else { continue }
        let names = ImageExpression.references(in: body, source, tables: SymbolTables(), followVariables: false)
          .map(\.reference).filter { if case .system = $0 { false } else { true } }
        if !names.isEmpty, names.count <= 4, accessors[name] == nil { accessors[name] = names }
      }
    }
  }
}
