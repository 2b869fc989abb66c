// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// A JSON document, written deterministically: object keys sorted by their UTF-8 bytes, numbers
/// rounded to a fixed number of decimals, no trailing spaces, `\n` line ends.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Serialises with 2-space indentation (or compactly), doubles rounded to `decimals`.
  public func serialized(pretty: Bool = true, decimals: Int = 4) -> String {
    var out = ""
    write(into: &out, indent: pretty ? 0 : nil, decimals: decimals)
    if pretty { out += "\n" }
    return out
  }

  private func write(into out: inout String, indent: Int?, decimals: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .double(let d): out += JSONValue.format(d, decimals: decimals)
    case .string(let s): JSONValue.escape(s, into: &out)
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      out += "["
      let inner = indent.map { $0 + 1 }
      // A long array (a report's icons), or one of many objects or arrays (its families, each with
      // its icons): its items are written on all cores, then joined in order.
      let texts: [String]? = items.count >= 512 || (items.count >= 16 && items.allSatisfy(\.isContainer))
        ? items.parallelMap { item in
          var text = ""
          item.write(into: &text, indent: inner, decimals: decimals)
          return text
        }
        : nil
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        JSONValue.newline(&out, inner)
        if let texts { out += texts[i] } else { item.write(into: &out, indent: inner, decimals: decimals) }
      }
      JSONValue.newline(&out, indent)
      out += "]"
    case .object(let members):
      if members.isEmpty { out += "{}"; return }
      out += "{"
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (i, key) in keys.enumerated() {
        if i > 0 { out += "," }
        JSONValue.newline(&out, indent.map { $0 + 1 })
        JSONValue.escape(key, into: &out)
        out += indent == nil ? ":" : ": "
        members[key]!.write(into: &out, indent: indent.map { $0 + 1 }, decimals: decimals)
      }
      JSONValue.newline(&out, indent)
      out += "}"
    }
  }

  /// An object or an array.
  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  private static func newline(_ out: inout String, _ indent: Int?) {
    guard let indent else { return }
    out += "\n"
    for _ in 0..<indent { out += "  " }
  }

  /// Rounds half away from zero to `decimals` places; NaN and infinities become `null`;
  /// −0 becomes 0; whole numbers print without a fraction.
  static func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    var rounded = (value * p).rounded(.toNearestOrAwayFromZero) / p
    if rounded == 0 { rounded = 0 }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    // Shortest round-trip form of the rounded value; never exponent form for |x| ≥ 1e-4.
    var text = "\(rounded)"
    if text.utf8.contains(UInt8(ascii: "e")) {  // the description is ASCII
      text = fixed(rounded, decimals: decimals)
    }
    return text
  }

  private static func fixed(_ value: Double, decimals: Int) -> String {
    let negative = value < 0
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let scaled = Int64((abs(value) * p).rounded())
    let whole = scaled / Int64(p)
    var fraction = String(scaled % Int64(p))
    fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }

  static func escape(_ s: String, into out: inout String) {
    // Most strings (ids, paths, messages) need no escape: appended whole. U+2028 and U+2029 are
    // E2 80 A8 and E2 80 A9 in UTF-8: only a string with an E2 byte is searched for them.
    var plain = true, e2 = false
    for byte in s.utf8 {
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { plain = false; break }
      if byte == 0xE2 { e2 = true }
    }
    if plain && e2 { plain = !s.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 } }
    if plain {
      out += "\""
      out += s
      out += "\""
      return
    }
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension JSONValue {
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
