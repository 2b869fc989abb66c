// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport

/// Writes one object of a pretty JSON document straight into UTF-8 bytes, laid out exactly as
/// ``JSONValue`` writes an `.object` nested as deep, for objects whose keys are known in advance
/// (the report's icons, findings and families). Nothing is built, hashed or sorted: the caller
/// gives the members in the byte order of their keys, the order `JSONValue` sorts them into
/// (checked in debug builds). A 10,000-icon report has some 130,000 such objects; as trees they
/// spent most of the writing in building dictionaries and sorting their keys.
struct JSONObjectWriter {
  /// The document written so far: the caller's buffer, moved here while the object is written.
  fileprivate(set) var out: [UInt8]
  /// The document's earlier text, when it is written in pieces (see ``document(_:)``): each array
  /// whose items come already written (``written(_:_:)``) ends a piece and adds its batches as
  /// pieces of their own, never copied into `out`. Nil when everything goes into `out`.
  private var pieces: [[UInt8]]?
  /// How deep the object is nested (its members are one level deeper).
  private let indent: Int
  private var count = 0
  private var lastKey: StaticString?

  private init(out: [UInt8], pieces: [[UInt8]]?, indent: Int) {
    self.out = out
    self.pieces = pieces
    self.indent = indent
  }

  /// Appends `{`, the members `body` writes, and the closing `}`, to an object nested `indent`
  /// levels deep.
  static func write(into out: inout [UInt8], indent: Int, _ body: (inout JSONObjectWriter) -> Void) {
    var writer = JSONObjectWriter(out: [], pieces: nil, indent: indent)
    swap(&out, &writer.out)
    writer.writeObject(body)
    swap(&out, &writer.out)
  }

  /// A pretty document that is one object, and a line end, in pieces whose concatenation is its
  /// text: the batches of the arrays written by ``written(_:_:)`` are pieces as they come, so that
  /// a large document (a 31 MB report) is written out without being copied into one buffer.
  static func document(_ body: (inout JSONObjectWriter) -> Void) -> [[UInt8]] {
    var writer = JSONObjectWriter(out: [], pieces: [], indent: 0)
    writer.writeObject(body)
    writer.out.append(0x0A)
    return writer.pieces! + [writer.out]
  }

  private mutating func writeObject(_ body: (inout JSONObjectWriter) -> Void) {
    out.append(UInt8(ascii: "{"))
    body(&self)
    if count > 0 { JSONValue.newline(&out, indent) }
    out.append(UInt8(ascii: "}"))
  }

  /// Writes an object nested `indent` levels deep (a member, or an item of an array member),
  /// moving the document's text into its writer and back.
  private mutating func nested(indent: Int, _ body: (inout JSONObjectWriter) -> Void) {
    var writer = JSONObjectWriter(out: [], pieces: nil, indent: indent)
    swap(&out, &writer.out)
    swap(&pieces, &writer.pieces)
    writer.writeObject(body)
    swap(&out, &writer.out)
    swap(&pieces, &writer.pieces)
  }

  /// The value of an array member, laid out as `JSONValue` lays out an array: each of `count`
  /// items (written by `item`) on a line of its own, comma-separated; `[]` when there is none.
  private mutating func array(count: Int, _ item: (inout JSONObjectWriter, Int) -> Void) {
    out.append(UInt8(ascii: "["))
    guard count > 0 else { out.append(UInt8(ascii: "]")); return }
    for i in 0..<count {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      JSONValue.newline(&out, indent + 2)
      item(&self, i)
    }
    JSONValue.newline(&out, indent + 1)
    out.append(UInt8(ascii: "]"))
  }

  /// Starts a member: the comma after the previous one, a new line, the key (plain ASCII, written
  /// as it is) and `: `.
  private mutating func key(_ key: StaticString) {
    assert(lastKey.map { Self.precedes($0, key) } ?? true, "keys out of order: \(key) after \(lastKey!)")
    lastKey = key
    // `,` (after the first member), the line end and indentation, `"key": `: gathered on the
    // stack and appended at once (one capacity check instead of seven; a report has a million keys).
    let spaces = 2 * (indent + 1)
    key.withUTF8Buffer { key in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: spaces + key.count + 6) { text in
        var n = 0
        if count > 0 {
          text[0] = UInt8(ascii: ",")
          n = 1
        }
        text[n] = 0x0A
        n += 1
        for i in n..<(n + spaces) { text[i] = UInt8(ascii: " ") }
        n += spaces
        text[n] = UInt8(ascii: "\"")
        n += 1
        for (i, byte) in key.enumerated() { text[n + i] = byte }
        n += key.count
        text[n] = UInt8(ascii: "\"")
        text[n + 1] = UInt8(ascii: ":")
        text[n + 2] = UInt8(ascii: " ")
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<(n + 3)]))
      }
    }
    count += 1
  }

  private static func precedes(_ a: StaticString, _ b: StaticString) -> Bool {
    a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
  }

  mutating func string(_ key: StaticString, _ value: String) {
    self.key(key)
    JSONValue.escape(value, into: &out)
  }

  /// A string, or `null` for nil.
  mutating func string(_ key: StaticString, _ value: String?) {
    guard let value else { return null(key) }
    string(key, value)
  }

  mutating func int(_ key: StaticString, _ value: Int) {
    self.key(key)
    JSONValue.appendInteger(value, into: &out)
  }

  /// A number rounded to 4 decimals, as `JSONValue.double` is by default.
  mutating func double(_ key: StaticString, _ value: Double) {
    self.key(key)
    JSONValue.format(value, decimals: 4, into: &out)
  }

  /// A number, or `null` for nil.
  mutating func double(_ key: StaticString, _ value: Double?) {
    guard let value else { return null(key) }
    double(key, value)
  }

  mutating func bool(_ key: StaticString, _ value: Bool) {
    self.key(key)
    out.append(contentsOf: (value ? "true" : "false").utf8)
  }

  mutating func null(_ key: StaticString) {
    self.key(key)
    out.append(contentsOf: "null".utf8)
  }

  /// A member whose value `body` appends as JSON text.
  mutating func raw(_ key: StaticString, _ body: (inout [UInt8]) -> Void) {
    self.key(key)
    body(&out)
  }

  /// A member that is an object, its members written by `body`.
  mutating func object(_ key: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
    self.key(key)
    nested(indent: indent + 1, body)
  }

  /// A member that is an array of objects, each written by `body`.
  mutating func objects<C: Collection>(_ key: StaticString, _ items: C,
                                       _ body: (C.Element, inout JSONObjectWriter) -> Void) {
    self.key(key)
    var next = items.startIndex
    array(count: items.count) { w, _ in
      let item = items[next]
      items.formIndex(after: &next)
      w.nested(indent: w.indent + 2) { body(item, &$0) }
    }
  }

  /// A member that is an array of strings.
  mutating func strings(_ key: StaticString, _ items: [String]) {
    self.key(key)
    array(count: items.count) { w, i in JSONValue.escape(items[i], into: &w.out) }
  }

  /// A member that is an array whose items are already written, in batches (see
  /// ``writtenInBatches(_:indent:_:)``): appended (and released) or, in a document written in
  /// pieces, added as pieces.
  mutating func written(_ key: StaticString, _ batches: inout [[UInt8]]) {
    self.key(key)
    array(count: batches.count) { w, i in
      if w.pieces != nil {
        w.pieces!.append(w.out)
        w.pieces!.append(batches[i])
        w.out = []
      } else {
        w.out.append(contentsOf: batches[i])
      }
      batches[i] = []
    }
  }

  /// Consecutive items written together, so that the parallel work comes in pieces large enough
  /// to outweigh handing them out, and small enough to share out evenly.
  static let batchSize = 64

  /// The items of each of `arrays` as written in an array nested `indent` levels deep, on all
  /// cores, in one pass over all the arrays: each array's items come in batches of up to
  /// ``batchSize`` consecutive items, a batch's items written by `item` and joined as in the array
  /// (a comma, a new line and the items' indentation between two), so that ``written(_:_:)``
  /// joins the batches the same way into the array's text.
  static func writtenInBatches<T: Sendable>(_ arrays: [[T]], indent: Int,
                                            _ item: @Sendable (T, inout [UInt8]) -> Void) -> [[[UInt8]]] {
    var batches: [(array: Int, items: Range<Int>)] = []
    for (a, items) in arrays.enumerated() {
      for start in stride(from: 0, to: items.count, by: batchSize) {
        batches.append((a, start..<min(start + batchSize, items.count)))
      }
    }
    let texts = batches.parallelMap { batch in
      let items = arrays[batch.array]
      var text: [UInt8] = []
      for i in batch.items {
        if i > batch.items.lowerBound {
          text.append(UInt8(ascii: ","))
          JSONValue.newline(&text, indent + 1)
        }
        item(items[i], &text)
      }
      return text
    }
    var written: [[[UInt8]]] = Array(repeating: [], count: arrays.count)
    for (batch, text) in zip(batches, texts) { written[batch.array].append(text) }
    return written
  }
}

extension JSONObjectWriter {
  /// The last two members of the audit and measure reports, in key order: `tool` (name and
  /// version) and `unreadable` (path and reason of each input that could not be read).
  mutating func toolAndUnreadable(toolVersion: String, unreadable: [(path: String, reason: String)]) {
    object("tool") { w in
      w.string("name", "iconaudit")
      w.string("version", toolVersion)
    }
    objects("unreadable", unreadable) { item, w in
      w.string("path", item.path)
      w.string("reason", item.reason)
    }
  }
}
