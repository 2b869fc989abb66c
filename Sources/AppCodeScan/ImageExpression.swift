// SPDX-License-Identifier: GPL-3.0-or-later

/// The images an expression names, read from its text: string names (`UIImage(named: "x")`,
/// `[UIImage imageNamed:@"x"]`, `Image("x")`, `Label(…, image: "x")`, `#imageLiteral(resourceName:)`,
/// a ternary of two names), generated symbols (`UIImage(resource: .x)`, `Image(.x)`,
/// `Asset.Group.x.image`, `R.image.x()`), SF Symbols (`systemName:`, `systemImage:`), and through
/// the app's ``SymbolTables`` a string enum case (`.image(name: .menu)`, `UIImageNameMenu`) or an
/// accessor (`UIImage.preMealImage(selected:)`). A lone variable is followed to its assignment in
/// the same file, once.
///
/// - Complexity: O(length of the expression) plus, for a variable, one search of the file.
enum ImageExpression {
  static let namedLabels: Set<String> = ["named", "imageNamed", "resourceName", "image", "decorative", "imageName"]
  static let systemLabels: Set<String> = ["systemName", "systemImage", "systemSymbolName", "systemImageNamed"]
  static let caseLabels: Set<String> = ["name", "named", "image", "resource", "imageName", "asset"]

  static func references(in range: Range<Int>, _ source: SourceText, tables: SymbolTables,
                         followVariables: Bool = true) -> [(reference: ImageReference, offset: Int)] {
    var found: [(ImageReference, Int)] = []
    let code = source.code
    if let (name, offset) = implicitMember(range, source) {
      // `setImage(.backActive, for: .normal)`: an app's static image, else a generated asset symbol
      // (Xcode's `UIImage.backActive` for the set `backActive`).
      return (tables.accessors[name] ?? [.generated([name])]).map { ($0, offset) }
    }
    var i = range.lowerBound
    while i < range.upperBound {
      let b = code[i]
      if b == UInt8(ascii: "\"") {
        i = SourceText.stringEnd(code, i)
        continue
      }
      // A label followed by a string literal, a ternary of literals, or an enum case.
      // (`cond ? x.activeImage : y` is a ternary: a label never follows a dot.)
      if b == UInt8(ascii: ":"), let (label, labelStart) = source.identifier(before: i),
        labelStart == 0 || code[labelStart - 1] != UInt8(ascii: ".")
      {
        var j = source.skipSpaces(i + 1, limit: range.upperBound)
        if j < range.upperBound, code[j] == UInt8(ascii: "@") { j += 1 }
        let isSystem = systemLabels.contains(label)
        let isNamed = !isSystem && (namedLabels.contains(label) || label.hasSuffix("Image") || label.hasSuffix("Named"))
        if j < range.upperBound, isSystem || isNamed {
          let value = source.expression(from: j, stopAtObjCLabel: true)
          let clipped = value.lowerBound..<min(value.upperBound, range.upperBound)
          let literals = source.strings(in: clipped)
          // Only a literal (or a ternary of literals) names the image directly.
          if code[j] == UInt8(ascii: "\"") || (!literals.isEmpty && source.text(clipped).contains("?")) {
            for literal in literals {
              found.append((isSystem ? .system(literal.value) : .named(literal.value), literal.offset))
            }
            i = max(i + 1, clipped.upperBound)
            continue
          }
        }
        if j < range.upperBound, code[j] == UInt8(ascii: "."), caseLabels.contains(label) {
          var k = j + 1
          while k < range.upperBound && SourceText.isIdentifier(code[k]) { k += 1 }
          if k > j + 1 {
            let name = source.text((j + 1)..<k)
            found.append((tables.enumCases[name].map(ImageReference.named) ?? .generated([name]), j))
            i = k
            continue
          }
        }
      }
      if b == UInt8(ascii: "("), let (callee, _) = source.identifier(before: i), callee == "Image" || callee == "UIImage" {
        let j = source.skipSpaces(i + 1, limit: range.upperBound)
        if j < range.upperBound, code[j] == UInt8(ascii: "\""), let literal = source.strings(in: j..<range.upperBound).first {
          found.append((.named(literal.value), j))
        } else if j + 1 < range.upperBound, code[j] == UInt8(ascii: "."), SourceText.isIdentifier(code[j + 1]) {
          var k = j + 1
          while k < range.upperBound && SourceText.isIdentifier(code[k]) { k += 1 }
          found.append((.generated([source.text((j + 1)..<k)]), j))
        }
      }
      if SourceText.isIdentifier(b), i == range.lowerBound || !SourceText.isIdentifier(code[i - 1]) {
        // An identifier chain: a generated symbol, a table's constant or an accessor.
        var k = i
        var chain: [String] = []
        var start = i
        while k < range.upperBound {
          start = k
          while k < range.upperBound && SourceText.isIdentifier(code[k]) { k += 1 }
          if k == start { break }
          chain.append(source.text(start..<k))
          if k < range.upperBound, code[k] == UInt8(ascii: "."), k + 1 < range.upperBound, SourceText.isIdentifier(code[k + 1]) {
            k += 1
          } else {
            break
          }
        }
        // A label (`label: { … }`) is not a value.
        let labelled = k < range.upperBound && code[k] == UInt8(ascii: ":")
        if !labelled, let reference = chainReference(chain, tables: tables) {
          found.append(contentsOf: reference.map { ($0, i) })
        }
        i = max(k, i + 1)
        continue
      }
      i += 1
    }
    if found.isEmpty, followVariables, let variable = loneVariable(range, source) {
      for assignment in assignments(of: variable, before: range.lowerBound, source) {
        let refs = references(in: assignment, source, tables: tables, followVariables: false)
        if !refs.isEmpty { return refs }
      }
    }
    return found
  }

  /// What an identifier chain names: `Asset.A.b.image` → generated [A, b]; `R.image.x` →
  /// generated [x]; `ImageResource.x` → generated [x]; a table constant or accessor.
  static func chainReference(_ chain: [String], tables: SymbolTables) -> [ImageReference]? {
    guard let first = chain.first else { return nil }
    if chain.count == 1, let value = tables.constants[first] { return [.named(value)] }
    let imageMembers: Set<String> = ["image", "swiftUIImage", "uiImage", "imageAsset"]
    if first.first?.isUppercase == true, let member = chain.firstIndex(where: imageMembers.contains), member >= 2 {
      return [.generated(Array(chain[1..<member]))]
    }
    let last = chain[chain.count - 1]
    if chain.count >= 3, first == "R", chain[1] == "image" { return [.generated(Array(chain.dropFirst(2)))] }
    if chain.count == 2, first == "ImageResource" { return [.generated([last])] }
    // A static accessor is reached through its type (`UIImage.preMealImage`), not through a value
    // (`presentation.wrappedValue.dismiss()` is no image).
    if chain.count >= 2, chain.count <= 3, first.first?.isUppercase == true, let names = tables.accessors[last] { return names }
    return nil
  }

  /// The name of an implicit member the expression consists of (`.backActive`, `.backActive!`).
  static func implicitMember(_ range: Range<Int>, _ source: SourceText) -> (name: String, offset: Int)? {
    let start = source.skipSpaces(range.lowerBound, limit: range.upperBound)
    guard start + 1 < range.upperBound, source.code[start] == UInt8(ascii: "."), SourceText.isIdentifier(source.code[start + 1]) else { return nil }
    var k = start + 1
    while k < range.upperBound && SourceText.isIdentifier(source.code[k]) { k += 1 }
    let rest = source.text(k..<range.upperBound).trimmingSpaces
    guard rest.allSatisfy({ $0 == "!" || $0 == "?" }), !(source.code[start + 1] >= 0x30 && source.code[start + 1] <= 0x39) else { return nil }
    return (source.text((start + 1)..<k), start)
  }

  /// The variable an expression consists of (`image`, `self.image`, `_image`), if that is all it is.
  static func loneVariable(_ range: Range<Int>, _ source: SourceText) -> String? {
    var text = source.text(range).trimmingSpaces
    for prefix in ["self.", "self->"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
    while text.hasSuffix("!") || text.hasSuffix("?") { text.removeLast() }
    guard !text.isEmpty, text.utf8.allSatisfy(SourceText.isIdentifier), text.first?.isLetter == true || text.first == "_" else { return nil }
    return text
  }

  /// The right-hand sides assigned to `variable` in the file (`let x = …`, `UIImage *x = …`,
  /// `x = …`), nearest before `offset` first.
  static func assignments(of variable: String, before offset: Int, _ source: SourceText) -> [Range<Int>] {
    var ranges: [(Int, Range<Int>)] = []
    for at in source.occurrences(of: variable) {
      let end = at + variable.utf8.count
      guard end < source.code.count, !SourceText.isIdentifier(source.code[end]) else { continue }
      var j = source.skipSpaces(end)
      // `let x: UIImage = …`
      if j < source.code.count, source.code[j] == UInt8(ascii: ":") {
        while j < source.code.count && source.code[j] != UInt8(ascii: "=") && source.code[j] != UInt8(ascii: "\n") { j += 1 }
      }
      guard j + 1 < source.code.count, source.code[j] == UInt8(ascii: "="), source.code[j + 1] != UInt8(ascii: "=") else { continue }
      ranges.append((at, source.expression(from: j + 1)))
    }
    return ranges.sorted { a, b in
      let da = a.0 <= offset ? offset - a.0 : Int.max / 2 + a.0, db = b.0 <= offset ? offset - b.0 : Int.max / 2 + b.0
      return da < db
    }.map(\.1)
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return String(s)
  }
}
