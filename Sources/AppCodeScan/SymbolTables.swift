// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The app's own names for images, gathered from every Swift file before the bar uses are read:
/// string enum cases (`case menu = "icon_menu"`, or `case .menu: return "icon_menu"` in a
/// switch), the Objective-C names Swift gives them (`UIImageNameMenu` for `UIImageName.menu`), and
/// static accessors whose body names images (`static func preMealImage(selected:) -> UIImage?`),
/// and every member whose type names an image, for the views named as bars (``Member``).
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

  /// A computed property or function of the app whose type names an image (`var activeImage:
  /// UIImage { … }`, `func image(for:) -> UIImage`, `func label(for:) -> some View`), with the
  /// images its body names, the members it calls, and per `case .x:` of a switch the images of
  /// that case.
  public struct Member: Sendable {
    /// The top-level declaration it is in (`ComposeToolbarView.ViewModel` for an
    /// `extension ComposeToolbarView.ViewModel`).
    var owner: String
    var name: String
    var references: [LocatedReference]
    var calls: [String]
    var cases: [String: [LocatedReference]]
  }

  /// An image reference and where it is written.
  public struct LocatedReference: Sendable, Hashable {
    var reference: ImageReference
    var location: SourceLocation
  }

  /// How an app's SwiftUI view draws a string parameter: `Image(img)` (suffix nil) or, chosen by a
  /// state, `Image(selected ? "\(img).fill" : img)` (the selected image's suffix `.fill`).
  public struct ImageParameter: Sendable, Hashable {
    var selectedSuffix: String?
  }

  /// An app's SwiftUI view (`struct TabButton: View`) → its `String` properties that its body
  /// passes to `Image(…)`, by name (the first view of a name).
  var viewImageParameters: [String: [String: ImageParameter]] = [:]

  /// Records which `String` properties of `source`'s SwiftUI views name the image they draw.
  mutating func addViewImageParameters(_ source: SourceText) {
    for declaration in source.topLevelDeclarations()
    where viewImageParameters[declaration.name] == nil && BarTypeScanner.inherited(declaration.header).contains("View") {
      var strings: [String] = []
      for keyword in ["let ", "var "] {
        for at in source.occurrences(of: keyword, in: declaration.body) {
          var j = source.skipSpaces(at + keyword.utf8.count)
          let start = j
          while j < declaration.body.upperBound && SourceText.isIdentifier(source.code[j]) { j += 1 }
          guard j > start else { continue }
          let k = source.skipSpaces(j, limit: declaration.body.upperBound)
          guard k < declaration.body.upperBound, source.code[k] == UInt8(ascii: ":") else { continue }
          let type = source.text(source.skipSpaces(k + 1)..<min(declaration.body.upperBound, source.skipSpaces(k + 1) + 7))
          if type.hasPrefix("String"), !(type.dropFirst(6).first.map { $0.isLetter || $0.isNumber } ?? false) {
            strings.append(source.text(start..<j))
          }
        }
      }
      guard !strings.isEmpty else { continue }
      var parameters: [String: ImageParameter] = [:]
      for at in source.occurrences(of: "Image(", in: declaration.body) {
        guard let arguments = source.balanced(at: at + 5) else { continue }
        let text = source.text(arguments)
        for name in strings where parameters[name] == nil {
          let uses = source.occurrences(of: name, in: arguments).filter { at in
            let end = at + name.utf8.count
            return end >= source.code.count || !SourceText.isIdentifier(source.code[end])
          }
          guard !uses.isEmpty else { continue }
          // `"\(img).fill"` beside `img` in a choice by state: the selected image's suffix.
          var suffix: String?
          if let interpolation = text.range(of: "\"\\(" + name + ")"), CodeBarScanner.stateFlag(text), text.contains("?") {
            let rest = text[interpolation.upperBound...]
            if let close = rest.firstIndex(of: "\""), !rest[..<close].isEmpty, !rest[..<close].contains("\\") { suffix = String(rest[..<close]) }
          }
          parameters[name] = ImageParameter(selectedSuffix: suffix)
        }
      }
      if !parameters.isEmpty { viewImageParameters[declaration.name] = parameters }
    }
  }

  /// Members by name (at most ``maximumMembersPerName`` of a name, the first found).
  var members: [String: [Member]] = [:]
  static let maximumMembersPerName = 64

  /// Records the members of `source`'s top-level declarations (see ``Member``).
  mutating func addMembers(_ source: SourceText, path: String) {
    for declaration in source.topLevelDeclarations() {
      for keyword in ["var ", "func "] {
        for at in source.occurrences(of: keyword, in: declaration.body) {
          guard let (name, j, k) = source.declaredName(after: at + keyword.utf8.count, end: declaration.body.upperBound) else { continue }
          guard k < declaration.body.upperBound, source.code[k] == UInt8(ascii: "{") else { continue }
          let signature = source.text(j..<k)
          // The declared type: after `->` for a function, after `:` for a property (a stored
          // property with a value, or text running into the next declaration, is not one).
          let type: Substring
          if keyword == "func " {
            guard let arrow = signature.range(of: "->") else { continue }
            type = signature[arrow.upperBound...]
          } else {
            guard signature.first == ":", !signature.contains("="), !signature.contains("\n") else { continue }
            type = signature.dropFirst()
          }
          guard type.contains("Image") || type.contains("some View"), !type.contains("func "), !type.contains("var "),
            let body = source.balanced(at: k)
          else { continue }
          guard (members[name]?.count ?? 0) < Self.maximumMembersPerName else { continue }
          let located = ImageExpression.references(in: body, source, tables: SymbolTables(), followVariables: false)
            .filter { if case .system = $0.reference { false } else { true } }
            .map { (offset: $0.offset, ref: LocatedReference(reference: $0.reference, location: SourceLocation(path: path, line: source.line(at: $0.offset)))) }
          var cases: [String: [LocatedReference]] = [:]
          let caseStarts = source.occurrences(of: "case .", in: body)
          let ends = caseStarts.dropFirst() + [body.upperBound]
          for (caseStart, caseEnd) in zip(caseStarts, ends) {
            var e = caseStart + 6
            while e < body.upperBound && SourceText.isIdentifier(source.code[e]) { e += 1 }
            let caseName = source.text((caseStart + 6)..<e)
            guard !caseName.isEmpty, cases[caseName] == nil else { continue }
            cases[caseName] = located.filter { $0.offset > caseStart && $0.offset < caseEnd }.map(\.ref)
          }
          let calls = Array(BarTypeScanner.memberCalls(in: body, source).filter { $0 != name }.prefix(16))
          members[name, default: []].append(Member(owner: declaration.name, name: name, references: located.map(\.ref), calls: calls, cases: cases))
        }
      }
    }
  }

  /// Whether an expression's text makes an image (`UIImage(named:`, `Image(`, `#imageLiteral(`,
  /// `UIImage(resource:`), not some other value that names one.
  static func makesImage(_ text: String) -> Bool {
    let trimmed = text.drop(while: { $0 == " " })
    return trimmed.hasPrefix("UIImage(") || trimmed.hasPrefix("Image(") || trimmed.hasPrefix("#imageLiteral(")
      || trimmed.hasPrefix("NSImage(")
  }

  /// Adds a Swift file's names and accessors (and its ``Member``s, located in `path`).
  mutating func add(_ source: SourceText, path: String = "") {
    addMembers(source, path: path)
    addViewImageParameters(source)
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
        // The signature up to the body must return an image.
        guard let (name, j, k) = source.declaredName(after: at + keyword.utf8.count, end: source.code.count) else { continue }
        let signature = source.text(j..<k)
        guard k < source.code.count, signature.contains("Image") || signature.contains("some View"), let body = source.balanced(at: k) else { continue }
        let names = ImageExpression.references(in: body, source, tables: SymbolTables(), followVariables: false)
          .map(\.reference).filter { if case .system = $0 { false } else { true } }
        if !names.isEmpty, names.count <= 4, accessors[name] == nil { accessors[name] = names }
      }
    }
    // Stored static images: `static let backActive = UIImage(named: "icon_back_active")!`.
    for keyword in ["static let ", "static var "] {
      for at in source.occurrences(of: keyword) {
        var j = source.skipSpaces(at + keyword.utf8.count)
        let start = j
        while j < source.code.count && SourceText.isIdentifier(source.code[j]) { j += 1 }
        guard j > start, accessors[source.text(start..<j)] == nil else { continue }
        let name = source.text(start..<j)
        // An optional type annotation on the same line, then `=`.
        while j < source.code.count, source.code[j] != UInt8(ascii: "="), source.code[j] != UInt8(ascii: "\n"),
          source.code[j] != UInt8(ascii: "{")
        {
          j += 1
        }
        guard j + 1 < source.code.count, source.code[j] == UInt8(ascii: "="), source.code[j + 1] != UInt8(ascii: "=") else { continue }
        let value = source.expression(from: j + 1)
        guard Self.makesImage(source.text(value)) else { continue }
        let names = ImageExpression.references(in: value, source, tables: SymbolTables(), followVariables: false)
          .map(\.reference).filter { if case .system = $0 { false } else { true } }
        if names.count == 1 { accessors[name] = names }
      }
    }
  }
}
