// SPDX-License-Identifier: GPL-3.0-or-later

/// Appends little-endian values to a byte array (the measurement cache's entries,
/// ``CachedMeasurement``); ``ByteReader`` reads them back.
struct ByteWriter {
  var bytes: [UInt8] = []
  init() { bytes.reserveCapacity(1536) }
  mutating func uint64(_ value: UInt64) {
    for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * i))) }
  }
  mutating func int(_ value: Int) { uint64(UInt64(bitPattern: Int64(value))) }
  mutating func double(_ value: Double) { uint64(value.bitPattern) }
  mutating func float(_ value: Float) {
    let bits = value.bitPattern
    for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(8 * i))) }
  }
  mutating func bytes(_ value: [UInt8]) {
    int(value.count)
    bytes += value
  }
  mutating func string(_ value: String) { bytes(Array(value.utf8)) }
  /// A presence byte (0 or 1), then the value.
  mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
    if let value {
      bytes.append(1)
      write(&self, value)
    } else {
      bytes.append(0)
    }
  }
}

/// Reads what ``ByteWriter`` wrote; every read is nil past the end or on a malformed value. Reads
/// an array or a slice of one (a record in a cache pack read whole, not copied out of it).
struct ByteReader {
  private let data: ArraySlice<UInt8>
  /// The read position, from the start of `data`.
  private var offset = 0
  init(_ bytes: [UInt8]) { self.data = bytes[...] }
  init(_ bytes: ArraySlice<UInt8>) { self.data = bytes }
  var atEnd: Bool { offset == data.count }
  mutating func uint64() -> UInt64? {
    guard data.count - offset >= 8 else { return nil }
    let at = offset
    offset += 8
    return data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
  }
  mutating func int() -> Int? { uint64().map { Int(Int64(bitPattern: $0)) } }
  mutating func double() -> Double? { uint64().map(Double.init(bitPattern:)) }
  mutating func float() -> Float? {
    guard data.count - offset >= 4 else { return nil }
    let at = offset
    offset += 4
    return data.withUnsafeBytes { Float(bitPattern: UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
  }
  /// `count` floats (``float()`` each), read in one pass.
  mutating func floats(_ count: Int) -> [Float]? {
    guard count >= 0, (data.count - offset) / 4 >= count else { return nil }
    let start = offset
    offset += 4 * count
    return data.withUnsafeBytes { raw in
      [Float](unsafeUninitializedCapacity: count) { floats, initialized in
        for i in 0..<count {
          floats[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self)))
        }
        initialized = count
      }
    }
  }
  mutating func byteArray() -> [UInt8]? {
    guard let count = int(), count >= 0, data.count - offset >= count else { return nil }
    defer { offset += count }
    return Array(data[(data.startIndex + offset)..<(data.startIndex + offset + count)])
  }
  mutating func string() -> String? { byteArray().map { String(decoding: $0, as: UTF8.self) } }
  /// nil: malformed; `.some(nil)`: absent; `.some(value)`: present.
  mutating func optional<T>(_ read: (inout ByteReader) -> T?) -> T?? {
    guard offset < data.count else { return nil }
    let flag = data[data.startIndex + offset]
    offset += 1
    switch flag {
    case 0: return .some(nil)
    case 1: return read(&self).map { .some($0) }
    default: return nil
    }
  }
}
