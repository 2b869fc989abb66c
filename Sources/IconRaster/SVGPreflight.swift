// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Checks an SVG's bytes before they reach librsvg, for what cannot be stopped once rendering starts:
/// entity expansion, and font sizes that abort librsvg (see `largestFontSize`).
///
/// XML entity expansion: libxml2 (2.9.14 here, as librsvg uses it) refuses a nested "billion laughs"
/// but not a wide one: one 50 kB entity referenced 20 000 times in a `<text>` expands to a gigabyte that
/// pango then lays out (minutes, gigabytes of memory). Icons never need that; Illustrator's SVGs do
/// declare a few short entities (`&ns_svg;`), so entities are measured rather than refused: each
/// declared general entity's expanded length is computed from the internal DTD subset (recursively,
/// a reference loop is refused), and the references in the document are summed. Over
/// `maxEntityExpansion` characters, the document is refused.
///
/// - Complexity: O(n) in the document's bytes plus O(e) in the entities' declarations.
public enum SVGPreflight {
  /// Largest total length of entity replacement text in a document, in characters.
  public static let maxEntityExpansion = 1 << 20

  /// Largest font size accepted, in px (absolute units converted; em and ex counted as 16 px).
  public static let maxFontSize = 100_000.0

  /// Why the document must not be rendered, or nil.
  public static func problem(_ bytes: [UInt8]) -> String? {
    if let size = largestFontSize(bytes), size > maxFontSize {
      return "a font size of \(String(format: "%g", size)) px is beyond what text layout handles "
        + "(librsvg 2.54 aborts the process from about 2 million); not rendered"
    }
    return entityProblem(bytes)
  }

  /// Font sizes: librsvg 2.54.7 lays out text through pango in 1/1024 px units, and from about
  /// 2 097 152 px the glyph extents overflow and a Rust assertion (`h >= 0.0`, text.rs:360) aborts the
  /// whole process: found by fuzzing (Tests/Fuzz/Crashes/svg). Every number after `font-size` or the
  /// `font` shorthand (attributes, style attributes, style sheets) is read with its unit; the largest,
  /// in px, is returned. Sizes compounded through nested relative units (`1000em` inside `1000em`) are
  /// not followed; the command line renders in a helper process, where such a crash fails only the file.
  static func largestFontSize(_ bytes: [UInt8]) -> Double? {
    let font = Array("font".utf8)
    var largest: Double?
    var i = 0
    while let at = find(font, in: bytes, from: i) {
      i = at + 4
      // `font-size` or `font`, then `=` or `:`; not `font-family`, `font-weight`, `@font-face`.
      var k = i
      if starts(with: "-size", at: k, in: bytes) { k += 5 }
      skipSpace(bytes, &k)
      guard k < bytes.count, bytes[k] == UInt8(ascii: "=") || bytes[k] == UInt8(ascii: ":") else { continue }
      k += 1
      // The value runs to the end of the declaration or attribute.
      let end = min(bytes.count, k + 256)
      var j = k
      while j < end {
        let byte = bytes[j]
        if j > k + 1 && [UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(byte) { break }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
          if j > k + 1 { break }
          j += 1
          continue
        }
        // A number, not digits inside a word ("Font2000000").
        let startsNumber = isDigit(byte) || (byte == UInt8(ascii: ".") && j + 1 < end && isDigit(bytes[j + 1]))
        let previous = j > 0 ? bytes[j - 1] : 0
        let afterName = isDigit(previous) || previous == UInt8(ascii: "_")
          || ((previous | 0x20) >= UInt8(ascii: "a") && (previous | 0x20) <= UInt8(ascii: "z"))
        guard startsNumber, !afterName else {
          j += 1
          continue
        }
        let (px, next) = readLength(bytes, from: j, end: end)
        largest = max(largest ?? 0, px)
        j = next
      }
    }
    return largest
  }

  /// The length that starts at `from` (digits, a fraction, an exponent, then a unit of up to three
  /// letters or `%`) in px, and the index after it. Digits too many for a Double count as infinite.
  private static func readLength(_ bytes: [UInt8], from: Int, end: Int) -> (px: Double, next: Int) {
    var n = from
    while n < end, isDigit(bytes[n]) || bytes[n] == UInt8(ascii: ".") { n += 1 }
    if n + 1 < end, bytes[n] | 0x20 == UInt8(ascii: "e"), isDigit(bytes[n + 1]) || bytes[n + 1] == UInt8(ascii: "+") {
      n += 2
      while n < end, isDigit(bytes[n]) { n += 1 }
    }
    let value = Double(String(decoding: bytes[from..<n], as: UTF8.self)) ?? .infinity
    var unit = ""
    var u = n
    while u < end, u - n < 3 {
      let lower = bytes[u] | 0x20
      if bytes[u] == UInt8(ascii: "%") {
        unit.append("%")
      } else if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") {
        unit.append(Character(Unicode.Scalar(lower)))
      } else {
        break
      }
      u += 1
    }
    let factor: Double
    switch unit {
    case "pt": factor = 4.0 / 3
    case "pc": factor = 16
    case "in": factor = 96
    case "cm": factor = 96 / 2.54
    case "mm": factor = 9.6 / 2.54
    case "q": factor = 2.4 / 2.54
    case "em", "ex", "rem", "ch": factor = 16
    case "%": factor = 0.16
    default: factor = 1
    }
    return (value.isFinite ? value * factor : .infinity, u)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// Why the document's entities must not be expanded, or nil.
  static func entityProblem(_ bytes: [UInt8]) -> String? {
    guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0) else { return nil }
    var entities: [[UInt8]: [UInt8]] = [:]  // general entity name → replacement text (unexpanded)
    var i = doctype + 9
    // The internal subset, if any, starts at the first '[' before the DOCTYPE's closing '>'.
    while i < bytes.count, bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: ">") { i += 1 }
    var end = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "[") {
      i += 1
      scan: while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "]"):
          break scan
        case UInt8(ascii: "<"):
          if starts(with: "<!--", at: i, in: bytes) {
            i = (find(Array("-->".utf8), in: bytes, from: i + 4) ?? bytes.count - 3) + 3
          } else if starts(with: "<?", at: i, in: bytes) {
            i = (find(Array("?>".utf8), in: bytes, from: i + 2) ?? bytes.count - 2) + 2
          } else if starts(with: "<!ENTITY", at: i, in: bytes) {
            i += 8
            skipSpace(bytes, &i)
            var parameter = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "%") {
              parameter = true
              i += 1
              skipSpace(bytes, &i)
            }
            let name = readName(bytes, &i)
            skipSpace(bytes, &i)
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
              let quote = bytes[i]
              let start = i + 1
              i = start
              while i < bytes.count, bytes[i] != quote { i += 1 }
              let value = Array(bytes[start..<min(i, bytes.count)])
              i += 1  // past the closing quote
              if parameter {
                // A parameter entity that declares markup can declare entities we would not see.
                if find(Array("<!".utf8), in: value, from: 0) != nil {
                  return "its DOCTYPE declares entities through a parameter entity; not rendered"
                }
              } else if entities[name] == nil {  // the first declaration binds (XML 1.0 §4.2)
                entities[name] = value
              }
            }
            i = skipDeclaration(bytes, i)
          } else {
            i = skipDeclaration(bytes, i + 1)
          }
        default:
          i += 1
        }
      }
      end = i
    }
    guard !entities.isEmpty else { return nil }

    // Expanded length of each entity (memoised; a cycle is refused, as libxml2 does).
    var sizes: [[UInt8]: Int] = [:]
    var visiting: Set<[UInt8]> = []
    func size(_ name: [UInt8], depth: Int) -> Int? {
      if let known = sizes[name] { return known }
      guard let value = entities[name] else { return 1 }  // predefined (&amp;) or undeclared
      guard depth < 64, visiting.insert(name).inserted else { return nil }
      defer { visiting.remove(name) }
      var total = 0
      var j = 0
      while j < value.count {
        if value[j] == UInt8(ascii: "&"), let (reference, next) = entityReference(value, j) {
          guard let inner = size(reference, depth: depth + 1) else { return nil }
          total = min(total + inner, Int.max / 2)
          j = next
        } else {
          total += 1
          j += 1
        }
      }
      sizes[name] = total
      return total
    }

    var expansion = 0
    var j = end
    while j < bytes.count {
      if bytes[j] == UInt8(ascii: "&"), let (reference, next) = entityReference(bytes, j) {
        if entities[reference] != nil {
          guard let length = size(reference, depth: 0) else {
            return "its entities refer to themselves (an entity reference loop); not rendered"
          }
          expansion = min(expansion + length, Int.max / 2)
          if expansion > maxEntityExpansion {
            return "its entities expand to more than \(maxEntityExpansion) characters (an XML entity expansion attack); not rendered"
          }
        }
        j = next
      } else {
        j += 1
      }
    }
    return nil
  }

  /// `&name;` at `index` (not a character reference): the name and the index after the `;`.
  private static func entityReference(_ bytes: [UInt8], _ index: Int) -> ([UInt8], Int)? {
    var k = index + 1
    guard k < bytes.count, bytes[k] != UInt8(ascii: "#") else { return nil }
    let start = k
    while k < bytes.count, k - start < 256, isNameByte(bytes[k]) { k += 1 }
    guard k > start, k < bytes.count, bytes[k] == UInt8(ascii: ";") else { return nil }
    return (Array(bytes[start..<k]), k + 1)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
      return true
    default:
      return false
    }
  }

  private static func readName(_ bytes: [UInt8], _ i: inout Int) -> [UInt8] {
    let start = i
    while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
    return Array(bytes[start..<i])
  }

  private static func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
  }

  /// The index after the `>` that closes a declaration, skipping quoted strings.
  private static func skipDeclaration(_ bytes: [UInt8], _ from: Int) -> Int {
    var i = from
    var quote: UInt8?
    while i < bytes.count {
      let byte = bytes[i]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return i
  }

  private static func starts(with text: String, at index: Int, in bytes: [UInt8]) -> Bool {
    let pattern = Array(text.utf8)
    return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard !pattern.isEmpty, bytes.count >= pattern.count, from <= bytes.count - pattern.count else { return nil }
    let first = pattern[0]
    var i = from
    while i <= bytes.count - pattern.count {
      if bytes[i] == first {
        var k = 1
        while k < pattern.count, bytes[i + k] == pattern[k] { k += 1 }
        if k == pattern.count { return i }
      }
      i += 1
    }
    return nil
  }
}
