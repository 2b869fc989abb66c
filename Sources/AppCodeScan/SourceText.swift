// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A source file's bytes with its comments blanked (strings kept), its line starts, and the
/// small lexical helpers the scanners share: find a word, the balanced bracket after it, the
/// string literals and labelled arguments in a range. Nothing is compiled; malformed text only
/// makes a helper return less.
///
/// - Complexity: O(n) to build for n bytes; ``line(at:)`` O(log lines); every helper is bounded
///   by ``maximumSpan`` bytes from where it starts.
struct SourceText {
  /// The text with `//` and `/* */` comments (and, for XML, `<!-- -->`) replaced by spaces,
  /// newlines kept: offsets and lines are the file's own.
  let code: [UInt8]
  private let lineStarts: [Int]
  /// The longest bracketed region or expression a helper reads (bytes).
  static let maximumSpan = 8_000

  init(_ bytes: [UInt8], language: Language) {
    var code = bytes
    var starts = [0]
    var i = 0
    let n = bytes.count
    @inline(__always) func blank(_ from: Int, _ to: Int) {
      for k in from..<min(to, n) where code[k] != UInt8(ascii: "\n") { code[k] = UInt8(ascii: " ") }
    }
    while i < n {
      let c = bytes[i]
      if c == UInt8(ascii: "\n") { starts.append(i + 1); i += 1; continue }
      if language == .xml {
        if c == UInt8(ascii: "<"), Self.matches(bytes, i, "<!--") {
          var j = i + 4
          while j < n && !Self.matches(bytes, j, "-->") { j += 1 }
          j = min(n, j + 3)
          for k in i..<j where bytes[k] == UInt8(ascii: "\n") { starts.append(k + 1) }
          blank(i, j); i = j; continue
        }
        i += 1; continue
      }
      if c == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
        var j = i
        while j < n && bytes[j] != UInt8(ascii: "\n") { j += 1 }
        blank(i, j); i = j; continue
      }
      if c == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
        var j = i + 2, depth = 1
        while j < n && depth > 0 {
          if bytes[j] == UInt8(ascii: "\n") { starts.append(j + 1) }
          if language == .swift, bytes[j] == UInt8(ascii: "/"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "*") { depth += 1; j += 2; continue }
          if bytes[j] == UInt8(ascii: "*"), j + 1 < n, bytes[j + 1] == UInt8(ascii: "/") { depth -= 1; j += 2; continue }
          j += 1
        }
        blank(i, j); i = j; continue
      }
      if c == UInt8(ascii: "\"") || (language == .objectiveC && c == UInt8(ascii: "'")) {
        let end = Self.stringEnd(bytes, i)
        for k in i..<end where bytes[k] == UInt8(ascii: "\n") { starts.append(k + 1) }
        i = end; continue
      }
      i += 1
    }
    self.code = code
    self.lineStarts = starts
  }

  enum Language { case swift, objectiveC, xml }

  /// The 1-based line of a byte offset.
  func line(at offset: Int) -> Int {
    var low = 0, high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  static func matches(_ bytes: [UInt8], _ at: Int, _ word: String) -> Bool {
    var k = at
    for b in word.utf8 {
      guard k < bytes.count, bytes[k] == b else { return false }
      k += 1
    }
    return true
  }

  /// The offset just past the string literal starting at `start` (a `"`, `"""` or ObjC `'`).
  static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int {
    let n = bytes.count
    if matches(bytes, start, "\"\"\"") {
      var j = start + 3
      while j < n && !matches(bytes, j, "\"\"\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
      return min(n, j + 3)
    }
    let quote = bytes[start]
    var j = start + 1
    while j < n && j - start < maximumSpan {
      let b = bytes[j]
      if b == UInt8(ascii: "\\") { j += 2; continue }
      if b == quote { return j + 1 }
      if b == UInt8(ascii: "\n") { return j }
      j += 1
    }
    return min(n, j)
  }

  static func isIdentifier(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b >= 0x80
  }

  static func isSpace(_ b: UInt8) -> Bool {
    b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r")
  }

  /// Offsets where `word` occurs in the code (comments excluded) within `range`, not preceded by
  /// an identifier character when `wordStart` (so `Tab(` does not match `MyTab(`).
  func occurrences(of word: String, in range: Range<Int>? = nil, wordStart: Bool = true) -> [Int] {
    let needle = Array(word.utf8)
    guard let first = needle.first else { return [] }
    let range = range ?? 0..<code.count
    var found: [Int] = []
    var i = range.lowerBound
    let last = range.upperBound - needle.count
    while i <= last {
      if code[i] == first && Self.matches(code, i, word) {
        if !wordStart || i == 0 || !Self.isIdentifier(code[i - 1]) || !Self.isIdentifier(first) { found.append(i) }
        i += needle.count
      } else {
        i += 1
      }
    }
    return found
  }

  /// The first non-space offset at or after `offset` (before `limit`).
  func skipSpaces(_ offset: Int, limit: Int? = nil) -> Int {
    var i = offset
    let end = limit ?? code.count
    while i < end && Self.isSpace(code[i]) { i += 1 }
    return i
  }

  /// The identifier declared after a keyword ending at `offset` (spaces skipped), the offset just
  /// past it, and where its body's `{` is sought: the first `{` before `end` within 400 bytes of the
  /// name, else where the search stopped (callers check). Nil when no identifier follows.
  func declaredName(after offset: Int, end: Int) -> (name: String, nameEnd: Int, brace: Int)? {
    let start = skipSpaces(offset)
    var j = start
    while j < code.count && Self.isIdentifier(code[j]) { j += 1 }
    guard j > start else { return nil }
    var k = j
    while k < end && k - j < 400 && code[k] != UInt8(ascii: "{") { k += 1 }
    return (text(start..<j), j, k)
  }

  /// The region inside the bracket opening at `open` (`(`, `{` or `[`) up to its match, strings
  /// skipped; nil when it does not close within `limit` bytes (``maximumSpan`` unless told).
  func balanced(at open: Int, limit: Int = maximumSpan) -> Range<Int>? {
    guard open < code.count else { return nil }
    var depth = 0
    var i = open
    let end = min(code.count, open + limit)
    while i < end {
      let b = code[i]
      if b == UInt8(ascii: "\"") { i = Self.stringEnd(code, i); continue }
      if b == UInt8(ascii: "(") || b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
      if b == UInt8(ascii: ")") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { return (open + 1)..<i }
      }
      i += 1
    }
    return nil
  }

  /// The top-level pieces of an argument list (`range` inside its parentheses): each piece's
  /// label (nil when unlabelled) and its expression's range.
  func arguments(in range: Range<Int>) -> [(label: String?, value: Range<Int>)] {
    var pieces: [Range<Int>] = []
    var depth = 0, start = range.lowerBound, i = range.lowerBound
    while i < range.upperBound {
      let b = code[i]
      if b == UInt8(ascii: "\"") { i = Self.stringEnd(code, i); continue }
      if b == UInt8(ascii: "(") || b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
      if b == UInt8(ascii: ")") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") { depth -= 1 }
      if b == UInt8(ascii: ","), depth == 0 { pieces.append(start..<i); start = i + 1 }
      i += 1
    }
    pieces.append(start..<range.upperBound)
    return pieces.map { piece in
      var j = skipSpaces(piece.lowerBound, limit: piece.upperBound)
      let labelStart = j
      while j < piece.upperBound && Self.isIdentifier(code[j]) { j += 1 }
      let afterLabel = skipSpaces(j, limit: piece.upperBound)
      if j > labelStart, afterLabel < piece.upperBound, code[afterLabel] == UInt8(ascii: ":"),
        afterLabel + 1 >= piece.upperBound || code[afterLabel + 1] != UInt8(ascii: ":")
      {
        return (text(labelStart..<j), (afterLabel + 1)..<piece.upperBound)
      }
      return (nil, piece)
    }
  }

  /// The string literals in `range` (contents, unescaped only for `\"`), with their offsets.
  func strings(in range: Range<Int>) -> [(value: String, offset: Int)] {
    var found: [(String, Int)] = []
    var i = range.lowerBound
    while i < range.upperBound {
      if code[i] == UInt8(ascii: "\"") {
        let end = min(Self.stringEnd(code, i), range.upperBound)
        if end - 1 > i + 1 { found.append((text((i + 1)..<(end - 1)).replacingOccurrences(of: "\\\"", with: "\""), i)) }
        i = end
        continue
      }
      i += 1
    }
    return found
  }

  /// The expression that starts at `start` and runs to the end of its statement: a newline,
  /// `;` or `,` at depth 0, or a closing bracket of an enclosing region (bounded).
  func expression(from start: Int, stopAtObjCLabel: Bool = false) -> Range<Int> {
    var depth = 0, i = skipSpaces(start)
    let begin = i
    let end = min(code.count, begin + Self.maximumSpan)
    while i < end {
      let b = code[i]
      if b == UInt8(ascii: "\"") { i = Self.stringEnd(code, i); continue }
      if b == UInt8(ascii: "(") || b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { depth += 1 }
      if b == UInt8(ascii: ")") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
        if depth == 0 { break }
        depth -= 1
      }
      if depth == 0 {
        if b == UInt8(ascii: ";") || b == UInt8(ascii: ",") { break }
        if b == UInt8(ascii: "\n") && !stopAtObjCLabel { break }
        if stopAtObjCLabel && Self.isSpace(b) {
          // `image:[UIImage …] style:…`: a label after a space ends the argument.
          var j = skipSpaces(i, limit: end)
          let labelStart = j
          while j < end && Self.isIdentifier(code[j]) { j += 1 }
          if j > labelStart, j < end, code[j] == UInt8(ascii: ":") { break }
        }
      }
      i += 1
    }
    return begin..<max(begin, i)
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: code[range.clamped(to: 0..<code.count)], as: UTF8.self)
  }

  /// The identifier that ends just before `offset` (spaces skipped), and its start.
  func identifier(before offset: Int) -> (name: String, start: Int)? {
    var j = offset - 1
    while j >= 0 && Self.isSpace(code[j]) { j -= 1 }
    let end = j + 1
    while j >= 0 && Self.isIdentifier(code[j]) { j -= 1 }
    return end > j + 1 ? (text((j + 1)..<end), j + 1) : nil
  }

  /// The start of the line holding `offset`.
  func lineStart(_ offset: Int) -> Int { lineStarts[line(at: offset) - 1] }

  /// The declarations at the top level of the file (a line starting with `struct`, `class`,
  /// `enum`, `actor` or `extension`, after modifiers and attributes): the type's name as written
  /// (`ComposeToolbarView.ViewModel`), what follows it up to the body (`: View`, `where …`), and
  /// the body. Bodies are read up to 400,000 bytes.
  func topLevelDeclarations() -> [(name: String, header: String, body: Range<Int>)] {
    var found: [(name: String, header: String, body: Range<Int>)] = []
    let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "final", "package", "indirect"]
    for keyword in ["struct ", "class ", "enum ", "actor ", "extension "] {
      for at in occurrences(of: keyword) {
        let start = lineStart(at)
        guard start < code.count, !Self.isSpace(code[start]) else { continue }
        // Only modifiers and attributes before the keyword.
        let before = text(start..<at).split(separator: " ")
        guard before.allSatisfy({ modifiers.contains(String($0)) || $0.hasPrefix("@") }) else { continue }
        var j = skipSpaces(at + keyword.utf8.count)
        let nameStart = j
        while j < code.count && (Self.isIdentifier(code[j]) || code[j] == UInt8(ascii: ".")) { j += 1 }
        let name = text(nameStart..<j)
        guard !name.isEmpty, name != "func", name != "var" else { continue }
        var k = j
        while k < code.count && k - j < 1000 && code[k] != UInt8(ascii: "{") { k += 1 }
        guard k < code.count, code[k] == UInt8(ascii: "{"), let body = balanced(at: k, limit: 400_000) else { continue }
        found.append((name, text(j..<k), body))
      }
    }
    return found.sorted { $0.body.lowerBound < $1.body.lowerBound }
  }
}
