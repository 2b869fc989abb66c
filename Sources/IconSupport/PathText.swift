// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `/`-separated path arithmetic on plain strings.
///
/// Not `NSString`'s path methods: on swift-corelibs-foundation (Swift 6.3, Linux)
/// `("x" as NSString).deletingLastPathComponent` crashes with an illegal instruction for a
/// one-character string (an icon named `x` is enough).
public enum PathText {
  /// Everything before the last `/` ("" when there is none; "/" for a top-level absolute path).
  public static func parent(_ path: String) -> String {
    if let slash = lastASCIISlash(path) {
      guard let slash = slash.index else { return "" }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    }
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The part after the last `/`.
  public static func lastComponent(_ path: String) -> String {
    if let slash = lastASCIISlash(path) {
      guard let index = slash.index else { return String(path[..<slash.end]) }
      return String(path[path.utf8.index(after: index)..<slash.end])
    }
    var trimmed = Substring(path)
    while trimmed.utf8.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// Whether `text` contains `needle`, compared on their UTF-8 bytes: `text.contains(needle)` for a
  /// needle that starts with an ASCII byte and is not joined to what precedes it (`.symbolset/`),
  /// without Foundation's `range(of:)` (NSString, a search a Character at a time), which rules ran
  /// once an icon.
  /// - Complexity: O(n·m) for n bytes of text, m of the needle; in practice O(n).
  public static func containsBytes(_ text: String, _ needle: StaticString) -> Bool {
    needle.withUTF8Buffer { needle in
      guard let first = needle.first else { return true }
      let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == first {
          var k = 1
          while k < needle.count && bytes[start + k] == needle[k] { k += 1 }
          if k == needle.count { return true }
        }
        return false
      }
      if let found = text.utf8.withContiguousStorageIfAvailable(search) { return found }
      var copy = text
      return copy.withUTF8(search)
    }
  }

  /// Whether `a` sorts before `b` by their UTF-8 bytes: `a.utf8.lexicographicallyPrecedes(b.utf8)`,
  /// with one `memcmp` for native strings (discovery sorts every folder's names and every icon's id).
  public static func utf8Precedes(_ a: String, _ b: String) -> Bool {
    let compared = a.utf8.withContiguousStorageIfAvailable { a in
      b.utf8.withContiguousStorageIfAvailable { b -> Bool in
        let common = min(a.count, b.count)
        if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
          let order = memcmp(pa, pb, common)
          if order != 0 { return order < 0 }
        }
        return a.count < b.count
      }
    }
    if let compared, let compared { return compared }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// For an ASCII path, the last `/` once trailing ones are trimmed (keeping one character) and the
  /// end of the trimmed path, found on the bytes; nil for any other path (then Characters are
  /// compared: a `/` followed by a combining mark is not a separator there). The same indices as
  /// the Character search for ASCII, where every byte is a Character; parents and names of every
  /// icon were a visible part of a warm audit's CPU (grapheme breaking a Character at a time).
  private static func lastASCIISlash(_ path: String) -> (index: String.Index?, end: String.Index)? {
    let utf8 = path.utf8
    // A native string's bytes read in place: a byte offset is its UTF-8 index (a history asks the
    // parent and name of 10,000 icons' paths; the view's index arithmetic cost ~1,200 instructions
    // a path, the buffer ~100).
    if let found = utf8.withContiguousStorageIfAvailable({ bytes -> (slash: Int?, end: Int)? in
      var end = bytes.count
      for byte in bytes where byte >= 0x80 { return nil }
      while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
      var k = end - 1
      while k >= 0, bytes[k] != UInt8(ascii: "/") { k -= 1 }
      return (k >= 0 ? k : nil, end)
    }) {
      guard let found else { return nil }
      return (found.slash.map { utf8.index(utf8.startIndex, offsetBy: $0) }, utf8.index(utf8.startIndex, offsetBy: found.end))
    }
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var end = utf8.endIndex, count = utf8.count
    while count > 1, utf8[utf8.index(before: end)] == UInt8(ascii: "/") {
      end = utf8.index(before: end)
      count -= 1
    }
    return (utf8[..<end].lastIndex(of: UInt8(ascii: "/")), end)
  }
}
