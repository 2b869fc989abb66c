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
  /// The document's earlier text, when it is written in pieces (see ``documentWithSlots(_:)``):
  /// each array whose items are a ``JSONBatches``' (``written(_:batches:of:)``) ends a piece and
  /// adds an empty piece for each batch, never copied into `out`. Nil when everything goes into `out`.
  private var pieces: [[UInt8]]?
  /// In a document written in pieces, the pieces left empty for batches written later
  /// (``written(_:batches:of:)``): each one's index among the pieces and the batch's index in its
  /// ``JSONBatches``.
  private var slots: [(piece: Int, batch: Int)] = []
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
  /// text (a document without ``written(_:batches:of:)`` arrays).
  static func document(_ body: (inout JSONObjectWriter) -> Void) -> [[UInt8]] {
    documentWithSlots(body).pieces
  }

  /// ``document(_:)``, where the arrays written by ``written(_:batches:of:)`` leave an empty piece for
  /// each of their batches (`slots`: which piece is which batch): the batches can then be written
  /// when they are written out (``JSONBatches/stream(pieces:slots:_:)``).
  static func documentWithSlots(_ body: (inout JSONObjectWriter) -> Void) -> (pieces: [[UInt8]], slots: [(piece: Int, batch: Int)]) {
    var writer = JSONObjectWriter(out: [], pieces: [], indent: 0)
    writer.writeObject(body)
    writer.out.append(0x0A)
    return (writer.pieces! + [writer.out], writer.slots)
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
    swap(&slots, &writer.slots)
    writer.writeObject(body)
    swap(&out, &writer.out)
    swap(&pieces, &writer.pieces)
    swap(&slots, &writer.slots)
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
    // `,` (after the first member), the line end and indentation, `"key": `: three slices of
    // static text appended (a report has a million keys).
    let spaces = 2 * (indent + 1)
    let start: StaticString = ",\n                                \""
    guard spaces + 3 <= start.utf8CodeUnitCount else {
      if count > 0 { out.append(UInt8(ascii: ",")) }
      JSONValue.newline(&out, indent + 1)
      out.append(UInt8(ascii: "\""))
      key.withUTF8Buffer { out.append(contentsOf: $0) }
      out.append(contentsOf: "\": ".utf8)
      count += 1
      return
    }
    start.withUTF8Buffer { start in
      // The comma, the line end and `spaces` spaces; then the quote (the text's last byte).
      out.append(contentsOf: UnsafeBufferPointer(rebasing: start[(count > 0 ? 0 : 1)..<(2 + spaces)]))
      out.append(start[start.count - 1])
    }
    key.withUTF8Buffer { out.append(contentsOf: $0) }
    let end: StaticString = "\": "
    end.withUTF8Buffer { out.append(contentsOf: $0) }
    count += 1
  }

  private static func precedes(_ a: StaticString, _ b: StaticString) -> Bool {
    a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.lexicographicallyPrecedes(b) } }
  }

  /// Appends a member whose value `write` writes at the pointer it is given (room for
  /// `valueCapacity` bytes), returning its length: the comma, line end, indentation, key and
  /// value gathered on the stack and appended at once (a report has a million members, which
  /// spent more in appending their pieces one by one than in formatting them). When `write`
  /// returns nil, only the key is appended, and false returned (the caller appends the value).
  private mutating func member(_ key: StaticString, valueCapacity: Int,
                               _ write: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
    let spaces = 2 * (indent + 1)
    return key.withUTF8Buffer { name in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: spaces + name.count + 6 + valueCapacity) { text in
        let base = text.baseAddress!
        var n = 0
        if count > 0 {
          base[0] = UInt8(ascii: ",")
          n = 1
        }
        base[n] = 0x0A
        (base + n + 1).initialize(repeating: UInt8(ascii: " "), count: spaces)
        n += 1 + spaces
        base[n] = UInt8(ascii: "\"")
        (base + n + 1).initialize(from: name.baseAddress!, count: name.count)
        n += 1 + name.count
        base[n] = UInt8(ascii: "\"")
        base[n + 1] = UInt8(ascii: ":")
        base[n + 2] = UInt8(ascii: " ")
        n += 3
        assert(lastKey.map { Self.precedes($0, key) } ?? true, "keys out of order: \(key) after \(lastKey!)")
        lastKey = key
        count += 1
        guard let length = write(base + n) else {
          out.append(contentsOf: UnsafeBufferPointer(start: base, count: n))
          return false
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: n + length))
        return true
      }
    }
  }

  mutating func string(_ key: StaticString, _ value: String) {
    // A string that needs no escape (nearly all: ids, paths, messages), appended with its key.
    var value = value
    let plain = value.withUTF8 { bytes -> Bool in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }) else { return false }
      return member(key, valueCapacity: bytes.count + 2) { text in
        text[0] = UInt8(ascii: "\"")
        if let start = bytes.baseAddress { (text + 1).initialize(from: start, count: bytes.count) }
        text[bytes.count + 1] = UInt8(ascii: "\"")
        return bytes.count + 2
      }
    }
    if plain { return }
    self.key(key)
    JSONValue.escape(value, into: &out)
  }

  /// A string, or `null` for nil.
  mutating func string(_ key: StaticString, _ value: String?) {
    guard let value else { return null(key) }
    string(key, value)
  }

  mutating func int(_ key: StaticString, _ value: Int) {
    _ = member(key, valueCapacity: JSONValue.integerCapacity) { JSONValue.writeInteger(value, at: $0) }
  }

  /// A number rounded to 4 decimals, as `JSONValue.double` is by default.
  mutating func double(_ key: StaticString, _ value: Double) {
    if !member(key, valueCapacity: JSONValue.numberCapacity, { JSONValue.writeNumber(value, decimals: 4, at: $0) }) {
      out.append(contentsOf: JSONValue.format(value, decimals: 4).utf8)
    }
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

  /// A member that is an array whose items are batches of a ``JSONBatches`` (`batches`: their
  /// indices there, in order), written later: in a document written in pieces
  /// (``documentWithSlots(_:)``) each batch is an empty piece, a slot; otherwise they are written
  /// here by `owner`.
  mutating func written(_ key: StaticString, batches: Range<Int>, of owner: JSONBatches) {
    self.key(key)
    array(count: batches.count) { w, i in
      if w.pieces != nil {
        w.pieces!.append(w.out)
        w.slots.append((w.pieces!.count, batches.lowerBound + i))
        w.pieces!.append([])
        w.out = []
      } else {
        owner.write(batches.lowerBound + i, into: &w.out)
      }
    }
  }

  /// Consecutive items written together, so that the parallel work comes in pieces large enough
  /// to outweigh handing them out, and small enough to share out evenly.
  static let batchSize = 64

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

/// The items of a document's large arrays, in batches of up to ``JSONObjectWriter/batchSize``
/// consecutive items, each batch written when it is asked for (the items joined by a comma, a new
/// line and their indentation, as in the array). A document whose
/// batches are written as it is written out (``stream(pieces:slots:_:)``) never holds its whole
/// text: a 28 MB report in fresh memory spent a tenth of a warm audit's CPU in the kernel's page
/// zeroing and the copies of arrays growing.
final class JSONBatches: @unchecked Sendable {
  private var writers: [@Sendable (inout [UInt8]) -> Void] = []

  /// Batches handed to the cores at once when streaming: enough to keep both busy, few enough that
  /// their text stays in the caches (16 batches of 64 icons are about 3 MB).
  static let round = 16

  var count: Int { writers.count }

  /// Adds the batches of `items` (an array nested `indent` levels deep, each item written by
  /// `item`); returns their indices.
  func add<T: Sendable>(_ items: [T], indent: Int, _ item: @escaping @Sendable (T, inout [UInt8]) -> Void) -> Range<Int> {
    let start = writers.count
    for first in stride(from: 0, to: items.count, by: JSONObjectWriter.batchSize) {
      let range = first..<min(first + JSONObjectWriter.batchSize, items.count)
      writers.append { text in
        for i in range {
          if i > range.lowerBound {
            text.append(UInt8(ascii: ","))
            JSONValue.newline(&text, indent + 1)
            item(items[i], &text)
          } else {
            let before = text.count
            item(items[i], &text)
            // Room for the batch's other items, as long as the first and an eighth more: the text
            // grows once or not at all instead of doubling its way up.
            let first = text.count - before
            text.reserveCapacity(text.count + first * (range.count - 1) + first * range.count / 8 + 64)
          }
        }
      }
    }
    return start..<writers.count
  }

  /// Appends batch `index`'s text.
  func write(_ index: Int, into text: inout [UInt8]) {
    writers[index](&text)
  }

  /// The text of each batch in `indices`, on all cores.
  func texts(_ indices: Range<Int>) -> [[UInt8]] {
    Array(indices).parallelMap { index in
      var text: [UInt8] = []
      self.writers[index](&text)
      return text
    }
  }

  /// A document's pieces (``JSONObjectWriter/documentWithSlots(_:)``) with every slot filled.
  func filled(pieces: [[UInt8]], slots: [(piece: Int, batch: Int)]) -> [[UInt8]] {
    var pieces = pieces
    let texts = texts(0..<count)
    for slot in slots { pieces[slot.piece] = texts[slot.batch] }
    return pieces
  }

  /// Hands a document's pieces to `sink` in order, each slot's batch written (``round`` batches at a
  /// time, on all cores) just before it is handed over and released after; stops at the first
  /// `false` from `sink` and returns it.
  func stream(pieces: [[UInt8]], slots: [(piece: Int, batch: Int)], _ sink: ([UInt8]) -> Bool) -> Bool {
    var batchOf: [Int: Int] = [:]
    for slot in slots { batchOf[slot.piece] = slot.batch }
    var ready: [Int: [UInt8]] = [:]
    var nextSlot = 0
    for (index, piece) in pieces.enumerated() {
      guard let batch = batchOf[index] else {
        if !piece.isEmpty, !sink(piece) { return false }
        continue
      }
      if ready[batch] == nil {
        // The next round: this slot's batch and the ones after it, in the document's order.
        let upcoming = slots[nextSlot..<min(nextSlot + Self.round, slots.count)].map(\.batch)
        let texts = upcoming.parallelMap { batch in
          var text: [UInt8] = []
          self.writers[batch](&text)
          return text
        }
        ready = Dictionary(uniqueKeysWithValues: zip(upcoming, texts))
      }
      nextSlot += 1
      guard let text = ready.removeValue(forKey: batch) else { return false }
      if !sink(text) { return false }
    }
    return true
  }
}
