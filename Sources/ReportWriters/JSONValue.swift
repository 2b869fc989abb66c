// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport

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
    String(decoding: serializedUTF8(pretty: pretty, decimals: decimals), as: UTF8.self)
  }

  /// The text of ``serialized(pretty:decimals:)`` as UTF-8 bytes (written into one byte buffer:
  /// a report of 10,000 icons is ~30 MB, appended without the bookkeeping of `String`).
  public func serializedUTF8(pretty: Bool = true, decimals: Int = 4) -> [UInt8] {
    var out: [UInt8] = []
    write(into: &out, indent: pretty ? 0 : nil, decimals: decimals)
    if pretty { out.append(0x0A) }
    return out
  }

  private func write(into out: inout [UInt8], indent: Int?, decimals: Int) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .int(let i): JSONValue.appendInteger(i, into: &out)
    case .double(let d): JSONValue.format(d, decimals: decimals, into: &out)
    case .string(let s): JSONValue.escape(s, into: &out)
    case .array(let items):
      let inner = indent.map { $0 + 1 }
      // A long array (a report's icons), or one of many objects or arrays (its families, each with
      // its icons): its items are written on all cores, then joined in order.
      let texts: [[UInt8]]? = items.count >= 512 || (items.count >= 16 && items.allSatisfy(\.isContainer))
        ? items.parallelMap { item in
          var text: [UInt8] = []
          item.write(into: &text, indent: inner, decimals: decimals)
          return text
        }
        : nil
      JSONValue.appendBlock("[", "]", count: items.count, indent: indent, into: &out) { i, out in
        if let texts { out.append(contentsOf: texts[i]) } else { items[i].write(into: &out, indent: inner, decimals: decimals) }
      }
    case .object(let members):
      // Sorted as pairs: each value is at hand, not looked up again by its key.
      let sorted = members.sorted { JSONValue.precedes($0.key, $1.key) }
      JSONValue.appendBlock("{", "}", count: sorted.count, indent: indent, into: &out) { i, out in
        JSONValue.escape(sorted[i].key, into: &out)
        if indent == nil { out.append(UInt8(ascii: ":")) } else { out.append(contentsOf: ": ".utf8) }
        sorted[i].value.write(into: &out, indent: indent.map { $0 + 1 }, decimals: decimals)
      }
    }
  }

  /// The layout of every array and object: `open`, each of `count` items (written by `item`) on a
  /// line of its own one level deeper (pretty) and comma-separated, then `close` on its own line;
  /// `open` and `close` alone when there is no item.
  private static func appendBlock(
    _ open: Unicode.Scalar, _ close: Unicode.Scalar, count: Int, indent: Int?, into out: inout [UInt8],
    item: (Int, inout [UInt8]) -> Void
  ) {
    out.append(UInt8(ascii: open))
    guard count > 0 else { out.append(UInt8(ascii: close)); return }
    for i in 0..<count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      newline(&out, indent.map { $0 + 1 })
      item(i, &out)
    }
    newline(&out, indent)
    out.append(UInt8(ascii: close))
  }

  /// An object or an array.
  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  /// A line end and the indentation of `indent` levels (nothing when not pretty).
  static func newline(_ out: inout [UInt8], _ indent: Int?) {
    guard let indent else { return }
    // Appended as one slice of a line end and spaces (a report writes millions of them).
    let spaces: StaticString = "\n                                "
    if 2 * indent < spaces.utf8CodeUnitCount {
      spaces.withUTF8Buffer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(1 + 2 * indent)])) }
    } else {
      out.append(0x0A)
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }
  }

  /// Whether `a` sorts before `b` by their UTF-8 bytes (the order of the keys of an object).
  static func precedes(_ a: String, _ b: String) -> Bool {
    var a = a, b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] }
        return a.count < b.count
      }
    }
  }

  /// Appends an integer's decimal digits (as `String(value)`).
  static func appendInteger(_ value: Int, into out: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: integerCapacity) { text in
      let n = writeInteger(value, at: text.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<n]))
    }
  }

  /// The most bytes ``writeInteger(_:at:)`` writes.
  static let integerCapacity = 20

  /// Writes ``appendInteger(_:into:)``'s text at `text` (room for ``integerCapacity`` bytes);
  /// returns its length.
  static func writeInteger(_ value: Int, at text: UnsafeMutablePointer<UInt8>) -> Int {
    if value < 0 {
      text[0] = UInt8(ascii: "-")
      return 1 + writeDigits(value.magnitude, at: text + 1)
    }
    return writeDigits(value.magnitude, at: text)
  }

  /// Writes the decimal digits of `value`, without leading zeros (`0` for zero), at `text` (room
  /// for 20 bytes); returns their count.
  private static func writeDigits(_ value: UInt, at text: UnsafeMutablePointer<UInt8>) -> Int {
    var count = 1, rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    var v = value
    for k in stride(from: count - 1, through: 0, by: -1) {
      text[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
      v /= 10
    }
    return count
  }

  /// Appends ``format(_:decimals:)``'s text (``writeNumber(_:decimals:at:)``, else `format` itself).
  static func format(_ value: Double, decimals: Int, into out: inout [UInt8]) {
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: numberCapacity) { text -> Bool in
      guard let n = writeNumber(value, decimals: decimals, at: text.baseAddress!) else { return false }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<n]))
      return true
    }
    if !written { out.append(contentsOf: format(value, decimals: decimals).utf8) }
  }

  /// The most bytes ``writeNumber(_:decimals:at:)`` writes.
  static let numberCapacity = 32

  /// Writes ``format(_:decimals:)``'s text at `text` (room for ``numberCapacity`` bytes) and
  /// returns its length, in the usual case; nil for the others (huge values, more than 9
  /// decimals), which take `format` itself. The usual case is written from the rounded integer
  /// k = value × 10^decimals: when |k| < 10^15 the rounded value k ÷ 10^decimals is the double
  /// nearest to a decimal of at most 15 significant digits, so its shortest round-trip form (what
  /// `format` prints) is exactly that decimal, trailing zeros dropped.
  static func writeNumber(_ value: Double, decimals: Int, at text: UnsafeMutablePointer<UInt8>) -> Int? {
    guard value.isFinite else {
      for (i, byte) in "null".utf8.enumerated() { text[i] = byte }
      return 4
    }
    guard (0...9).contains(decimals) else { return nil }
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let scaled = (value * p).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 1e15 else { return nil }
    let k = Int(scaled)
    var n = 0
    if k < 0 {
      text[0] = UInt8(ascii: "-")
      n = 1
    }
    let unit = UInt(p)
    n += writeDigits(k.magnitude / unit, at: text + n)
    var fraction = k.magnitude % unit
    guard fraction != 0 else { return n }
    text[n] = UInt8(ascii: ".")
    n += 1
    var places = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    // Leading zeros of the fraction (0.05 → "05"), then its digits.
    var width = 1, bound: UInt = 10
    while fraction >= bound {
      width += 1
      bound *= 10
    }
    for _ in 0..<(places - width) {
      text[n] = UInt8(ascii: "0")
      n += 1
    }
    return n + writeDigits(fraction, at: text + n)
  }

  /// Rounds half away from zero to `decimals` places; NaN and infinities become `null`;
  /// −0 becomes 0; whole numbers print without a fraction.
  static func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "null" }
    // A double has at most 17 significant digits: more decimals than that add nothing.
    let decimals = min(max(decimals, 0), 17)
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    // Scaled past 2⁵³ the product is no longer exact (and could overflow to infinity): such a
    // value keeps its own digits, which `fixed` rounds if they come in exponent form.
    var rounded = value.magnitude * p >= 0x1p53 ? value : (value * p).rounded(.toNearestOrAwayFromZero) / p
    if rounded == 0 { rounded = 0 }
    if rounded == rounded.rounded() {
      return abs(rounded) < 1e15 ? String(Int64(rounded)) : integerDigits(rounded)
    }
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
    // Beyond Int64 (|value| · 10^decimals ≥ 2⁶³): the whole part's exact digits, then the fraction
    // (exact: a double with a fraction is below 2⁵²), rounded to the decimals.
    guard abs(value) * p < 0x1p63 else {
      var whole = value.rounded(.towardZero)
      var scaledFraction = (abs(value - whole) * p).rounded()
      if scaledFraction >= p {
        whole += negative ? -1 : 1
        scaledFraction = 0
      }
      var fraction = scaledFraction == 0 ? "" : String(Int64(scaledFraction))
      if !fraction.isEmpty { fraction = String(repeating: "0", count: decimals - fraction.count) + fraction }
      while fraction.hasSuffix("0") { fraction.removeLast() }
      return integerDigits(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
    let scaled = Int64((abs(value) * p).rounded())
    let whole = scaled / Int64(p)
    var fraction = String(scaled % Int64(p))
    fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
  }

  /// The exact decimal digits of an integral double (rounded half away from zero first), by
  /// long division of its integer significand shifted left: no exponent form.
  static func integerDigits(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    guard value.rounded(.toNearestOrAwayFromZero) != 0 else { return "0" }
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    // Little-endian base-10⁹ limbs of |rounded| = significand · 2^exponent.
    var limbs: [UInt64] = [UInt64(rounded.magnitude.significandBitPattern | (1 << 52))]
    var shift = Int(rounded.magnitude.exponent) - 52
    if shift < 0 { limbs = [UInt64(rounded.magnitude)] ; shift = 0 }
    func normalise() {
      var carry: UInt64 = 0
      for k in limbs.indices {
        let v = limbs[k] + carry
        limbs[k] = v % 1_000_000_000
        carry = v / 1_000_000_000
      }
      while carry > 0 {
        limbs.append(carry % 1_000_000_000)
        carry /= 1_000_000_000
      }
    }
    normalise()
    while shift > 0 {
      let step = min(shift, 30)
      for k in limbs.indices { limbs[k] <<= UInt64(step) }
      normalise()
      shift -= step
    }
    var text = String(limbs.last ?? 0)
    for limb in limbs.dropLast().reversed() {
      let digits = String(limb)
      text += String(repeating: "0", count: 9 - digits.count) + digits
    }
    return (value < 0 && text != "0" ? "-" : "") + text
  }

  static func escape(_ s: String, into out: inout [UInt8]) {
    // Most strings (ids, paths, messages) need no escape: appended whole. U+2028 and U+2029 are
    // E2 80 A8 and E2 80 A9 in UTF-8: only a string with an E2 byte is searched for them.
    var text = s
    let plain = text.withUTF8 { bytes in
      var e2 = false
      for byte in bytes {
        if byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
        if byte == 0xE2 { e2 = true }
      }
      if e2 && s.unicodeScalars.contains(where: { $0.value == 0x2028 || $0.value == 0x2029 }) { return false }
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: bytes)
      out.append(UInt8(ascii: "\""))
      return true
    }
    if plain { return }
    out.append(UInt8(ascii: "\""))
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: out.append(contentsOf: scalar.utf8)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

extension JSONValue {
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
