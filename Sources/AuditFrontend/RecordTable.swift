// SPDX-License-Identifier: GPL-3.0-or-later

/// The measurement cache's index of records by key: an open-addressing hash table (linear probing,
/// at most half full) whose slot is taken from the key's own bits. The keys are SHA-256 digests,
/// already uniform, so they need no hashing of their own: `Dictionary` spent most of the time of
/// indexing a 10,000-icon pack's table (about 0.015 s of a warm audit's CPU) seeding and running
/// SipHash over each key, on insertion and on every growth.
///
/// A key made to collide (a forged pack) only makes probes longer: whoever can write the cache
/// can write any record anyway.
/// - Complexity: O(1) expected a lookup and an insertion; O(n) to grow.
struct RecordTable<Value> {
  private var keys: [MeasurementCache.RecordKey?] = []
  private var values: [Value?] = []
  private(set) var count = 0

  /// Room for `capacity` keys in all without growing.
  mutating func reserveCapacity(_ capacity: Int) {
    var size = 16
    while size < 2 * capacity { size *= 2 }
    if size > keys.count { rehash(size) }
  }

  subscript(key: MeasurementCache.RecordKey) -> Value? {
    get {
      guard !keys.isEmpty else { return nil }
      var slot = Self.slot(key, keys.count)
      while let found = keys[slot] {
        if found == key { return values[slot] }
        slot = (slot + 1) & (keys.count - 1)
      }
      return nil
    }
    set {
      guard let newValue else {
        preconditionFailure("RecordTable: records are not removed one at a time")
      }
      if 2 * (count + 1) > keys.count { rehash(max(16, 2 * keys.count)) }
      var slot = Self.slot(key, keys.count)
      while let found = keys[slot], found != key { slot = (slot + 1) & (keys.count - 1) }
      if keys[slot] == nil { count += 1 }
      keys[slot] = key
      values[slot] = newValue
    }
  }

  /// Every key and its value (in no particular order).
  var entries: [(key: MeasurementCache.RecordKey, value: Value)] {
    var all: [(key: MeasurementCache.RecordKey, value: Value)] = []
    all.reserveCapacity(count)
    for (key, value) in zip(keys, values) { if let key, let value { all.append((key, value)) } }
    return all
  }

  /// The first slot probed for `key` in a table of `size` slots (a power of two): the key's first
  /// word, its bits mixed by a multiplication.
  private static func slot(_ key: MeasurementCache.RecordKey, _ size: Int) -> Int {
    Int(truncatingIfNeeded: (key.words.0 &* 0x9e37_79b9_7f4a_7c15) >> 32) & (size - 1)
  }

  private mutating func rehash(_ size: Int) {
    let old = zip(keys, values)
    keys = Array(repeating: nil, count: size)
    values = Array(repeating: nil, count: size)
    count = 0
    for (key, value) in old { if let key, let value { self[key] = value } }
  }
}
