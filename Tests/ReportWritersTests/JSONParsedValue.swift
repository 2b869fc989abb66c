// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Comparisons of a JSON document parsed back by Foundation's `JSONSerialization` with the values
/// it should hold, and a check of the writers' layout: how the tests check the streaming JSON
/// writers without a second writer to compare with.
enum JSONParsedValue {
  /// A number as the writers print it: rounded half away from zero to 4 decimals.
  static func rounded(_ value: Double) -> Double { (value * 1e4).rounded(.toNearestOrAwayFromZero) / 1e4 }

  /// Whether `parsed` holds `expected`: the same keys, items, strings and booleans; numbers equal
  /// to the expected ones rounded to 4 decimals (`null` for a number that is not finite).
  static func same(_ parsed: Any, asRounded expected: Any) -> Bool { difference(parsed, expected) == nil }

  /// Where `parsed` first differs from `expected` (see ``same(_:asRounded:)``), nil where nowhere.
  static func difference(_ parsed: Any, _ expected: Any, at path: String = "") -> String? {
    func check(_ ok: Bool) -> String? { ok ? nil : "\(path): \(parsed) is not \(expected)" }
    switch expected {
    case is NSNull:
      return check(parsed is NSNull)
    case let flag as Bool:
      return check((parsed as? Bool) == flag && !(parsed is String))
    case let text as String:
      return check((parsed as? String) == text)
    case let members as [String: Any]:
      guard let object = parsed as? [String: Any] else { return check(false) }
      guard Set(object.keys) == Set(members.keys) else {
        return "\(path): keys \(Set(object.keys).symmetricDifference(members.keys).sorted()) differ"
      }
      for key in members.keys.sorted() {
        if let found = difference(object[key]!, members[key]!, at: path + "." + key) { return found }
      }
      return nil
    case let items as [Any]:
      guard let array = parsed as? [Any], array.count == items.count else { return check(false) }
      for (i, (a, b)) in zip(array, items).enumerated() {
        if let found = difference(a, b, at: path + "[\(i)]") { return found }
      }
      return nil
    default:
      let value: Double
      switch expected {
      case let int as Int: value = Double(int)
      case let double as Double: value = double
      case let number as NSNumber: value = number.doubleValue
      default: return check(false)
      }
      guard value.isFinite else { return check(parsed is NSNull) }
      guard let number = parsed as? NSNumber, !(parsed is String) else { return check(false) }
      return check(number.doubleValue == rounded(value))
    }
  }

  /// Whether `bytes` are laid out as the writers lay out JSON: each member and item on a line of
  /// its own, indented by 2 spaces a level of nesting (a closing bracket at its opener's level), no
  /// trailing spaces, a line end at the end.
  static func isLaidOutPretty(_ bytes: [UInt8]) -> Bool {
    guard bytes.last == 0x0A else { return false }
    var depth = 0, inString = false, escaped = false, lineStart = true
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if lineStart {
        var spaces = 0
        while bytes[i + spaces] == UInt8(ascii: " ") { spaces += 1 }
        let first = bytes[i + spaces]
        let closing = first == UInt8(ascii: "}") || first == UInt8(ascii: "]")
        guard spaces == 2 * (depth - (closing ? 1 : 0)) else { return false }
        lineStart = false
        i += spaces
        continue
      }
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
      } else {
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        case 0x0A:
          guard i == 0 || bytes[i - 1] != UInt8(ascii: " ") else { return false }
          lineStart = i + 1 < bytes.count
        default: break
        }
      }
      i += 1
    }
    return depth == 0 && !inString
  }
}
