// SPDX-License-Identifier: GPL-3.0-or-later
internal import CZlib
import Foundation
import IconSupport

/// Reads a repository's packed objects (`.git/objects/pack/pack-*.idx` and `.pack`, index version
/// 2) in process, deltas included, so that a packed repository's history (as real ones mostly
/// are) does not ask each blob and tree of `git cat-file` (``GitObjects``), as ``LooseObjects``
/// does for loose ones.
///
/// An object is found by binary search in each index (fan-out table, sorted 20-byte ids; offsets
/// of 31 bits or in the 64-bit table). Its entry in the pack is a type and size header, then a
/// zlib stream: the object itself (commit, tree, blob, tag), or a delta against a base at an
/// earlier offset in the same pack (`OFS_DELTA`) or named by id (`REF_DELTA`, in any pack here):
/// the delta's source and target sizes, then instructions that copy a range of the base or insert
/// literal bytes. A chain of deltas is resolved from its base up (at most ``maximumChain`` links,
/// else the object is left to `git cat-file`; git writes 50 by default).
///
/// Only where git itself would read the same files for the same id (as ``LooseObjects``: `.git` a
/// folder at the top, no replace refs, no variable moving the object store; no alternates). An
/// index that cannot be read as version 2 is not used (nil: the object is left to `git cat-file`).
/// An object whose entry the index gives but which does not read whole (a zlib stream that fails
/// or ends early or late, a size that differs from its header, a delta that reads beyond its base
/// or makes more or fewer bytes than it says, a base that cannot be found, a chain too long) is a
/// ``Corrupt`` error naming the object and the pack: git would refuse it too.
///
/// Thread-safe: the packs are mapped read-only once; each read works on its own buffers.
/// - Complexity: O(log n) to find an object among n in a pack; O(size) to inflate it, plus its
///   delta chain's bases (each inflated and applied once per read).
final class PackedObjects: @unchecked Sendable {
  /// A packed object that cannot be read: its id, its pack, and why.
  struct Corrupt: Error, CustomStringConvertible {
    var id: String
    var pack: String
    var reason: String
    /// The chain of deltas is longer than ``maximumChain``: not read here (git is asked).
    var chainTooLong = false
    var description: String { "git object \(id) in \(pack) is corrupt: \(reason)" }
  }

  /// One pack: its index and its data, mapped.
  private struct Pack {
    var path: String
    var index: MappedFile
    var data: MappedFile
    var count: Int
  }

  /// A file mapped read-only, unmapped when released.
  private final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init?(path: String) {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var status = stat()
      guard fstat(fd, &status) == 0, status.st_size > 0 else { return nil }
      let count = Int(status.st_size)
      guard let base = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
      bytes = UnsafeRawBufferPointer(start: base, count: count)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
  }

  /// The longest delta chain followed here (git's default `--depth` is 50; `gc --aggressive` 50
  /// too); a longer one, or a cycle of deltas naming each other as base, is left to `git cat-file`.
  /// The chain is followed by recursion, a few frames a link: two `REF_DELTA`s naming each other
  /// overflowed the stack of a test thread at a limit of 4096.
  static let maximumChain = 128
  /// The most an object may claim to be (as ``LooseObjects``: beyond it, a corrupt header).
  static let maximumSize = Int(Int32.max)

  private let packs: [Pack]
  /// Delta bases resolved lately, by pack and offset (a chain's bases are shared by the objects
  /// built on them: without these, each of them would inflate its whole chain again), up to
  /// ``baseCacheBytes``; emptied when full.
  private var bases: [Int: (Int, [UInt8])] = [:]
  private var baseBytes = 0
  private let lock = NSLock()
  /// The bytes of delta bases kept (git's `core.deltaBaseCacheLimit` is 96 MiB).
  static let baseCacheBytes = 32 << 20

  /// The packs of the repository at `top`, or nil when git might read objects elsewhere or
  /// otherwise (see the type's note) or there is no pack.
  init?(top: String) {
    guard let loose = LooseObjects(top: top) else { return nil }
    let folder = loose.folder
    // Objects borrowed from another store: left to git.
    guard !FileManager.default.fileExists(atPath: folder + "/info/alternates") else { return nil }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/pack")) ?? []
    var packs: [Pack] = []
    for name in names.sorted() where name.hasPrefix("pack-") && name.hasSuffix(".idx") {
      let base = folder + "/pack/" + String(name.dropLast(4))
      guard let index = MappedFile(path: base + ".idx"), let data = MappedFile(path: base + ".pack"),
            let count = Self.validIndex(index.bytes, packSize: data.bytes.count), Self.validPack(data.bytes, count: count)
      else { continue }
      packs.append(Pack(path: base + ".pack", index: index, data: data, count: count))
    }
    guard !packs.isEmpty else { return nil }
    self.packs = packs
  }

  /// The number of objects of a version 2 index whose tables fit in it, or nil.
  private static func validIndex(_ bytes: UnsafeRawBufferPointer, packSize: Int) -> Int? {
    guard bytes.count >= 8 + 1024 + 40, bytes[0] == 0xff, bytes[1] == 0x74, bytes[2] == 0x4f, bytes[3] == 0x63,
          bigEndian32(bytes, 4) == 2 else { return nil }
    var previous = 0
    for k in 0..<256 {
      let value = bigEndian32(bytes, 8 + 4 * k)
      guard value >= previous else { return nil }
      previous = value
    }
    let count = previous
    // ids, checksums, offsets, then the two trailing checksums at least.
    guard bytes.count >= 8 + 1024 + count * 28 + 40 else { return nil }
    return count
  }

  /// Whether a pack's header is git's (version 2 or 3) for `count` objects.
  private static func validPack(_ bytes: UnsafeRawBufferPointer, count: Int) -> Bool {
    bytes.count >= 12 + 20 && bytes[0] == 0x50 && bytes[1] == 0x41 && bytes[2] == 0x43 && bytes[3] == 0x4b
      && (bigEndian32(bytes, 4) == 2 || bigEndian32(bytes, 4) == 3) && bigEndian32(bytes, 8) == count
  }

  private static func bigEndian32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
  }

  /// The object `id` (40 hex digits) when a pack holds it: its type and bytes; nil when none does,
  /// or when its chain of deltas is longer than ``maximumChain`` (then `git cat-file` reads it).
  /// - Throws: ``Corrupt`` when a pack holds it but it does not read whole.
  func object(_ id: String) throws(Corrupt) -> (type: String, bytes: [UInt8])? {
    guard let raw = Self.rawId(id) else { return nil }
    guard let (pack, offset) = locate(raw) else { return nil }
    do {
      let (type, bytes) = try read(pack: pack, offset: offset, id: id, depth: 0)
      return (Self.typeNames[type] ?? "unknown", bytes)
    } catch where error.chainTooLong {
      return nil
    }
  }

  /// The pack (index into ``packs``) and offset of an object by its 20-byte id.
  private func locate(_ raw: [UInt8]) -> (Int, Int)? {
    for (p, pack) in packs.enumerated() {
      let index = pack.index.bytes
      let first = Int(raw[0])
      var low = first == 0 ? 0 : Self.bigEndian32(index, 8 + 4 * (first - 1))
      var high = Self.bigEndian32(index, 8 + 4 * first)
      let ids = 8 + 1024
      while low < high {
        let middle = (low + high) / 2
        var order = 0
        for k in 0..<20 {
          let a = index[ids + middle * 20 + k], b = raw[k]
          if a != b { order = a < b ? -1 : 1; break }
        }
        if order == 0 {
          let offsets = ids + pack.count * 24
          let small = Self.bigEndian32(index, offsets + middle * 4)
          guard small & 0x8000_0000 != 0 else { return (p, small) }
          let large = offsets + pack.count * 4 + (small & 0x7fff_ffff) * 8
          guard large + 8 <= index.count - 40 else { return nil }
          let offset = Self.bigEndian32(index, large) << 32 | Self.bigEndian32(index, large + 4)
          return (p, offset)
        }
        if order < 0 { low = middle + 1 } else { high = middle }
      }
    }
    return nil
  }

  private static let typeNames: [Int: String] = [1: "commit", 2: "tree", 3: "blob", 4: "tag"]

  /// The object at `offset` of pack `p`, deltas applied: its type code (1–4) and bytes.
  private func read(pack p: Int, offset start: Int, id: String, depth: Int) throws(Corrupt) -> (Int, [UInt8]) {
    let pack = packs[p]
    func fail(_ reason: String) -> Corrupt {
      Corrupt(id: id, pack: PathText.lastComponent(pack.path), reason: reason)
    }
    guard depth <= Self.maximumChain else {
      var tooLong = fail("a delta chain longer than \(Self.maximumChain)")
      tooLong.chainTooLong = true
      throw tooLong
    }
    let data = pack.data.bytes
    // The pack's last 20 bytes are its checksum: no entry reaches into them.
    let end = data.count - 20
    guard start >= 12, start < end else { throw fail("offset \(start) outside the pack") }
    // Type and size: 3 bits of type, then the size 4 bits, then 7 bits a byte.
    var at = start
    var byte = Int(data[at])
    at += 1
    let type = (byte >> 4) & 7
    var size = byte & 15
    var shift = 4
    while byte & 0x80 != 0 {
      guard at < end, shift <= 56 else { throw fail("a size header that does not end at offset \(start)") }
      byte = Int(data[at])
      at += 1
      size |= (byte & 0x7f) << shift
      shift += 7
    }
    guard size <= Self.maximumSize else { throw fail("a size of \(size) bytes at offset \(start)") }
    switch type {
    case 1, 2, 3, 4:
      guard let bytes = Self.inflate(data, from: at, to: end, size: size) else {
        throw fail("its zlib data at offset \(start) does not inflate to \(size) bytes")
      }
      return (type, bytes)
    case 6, 7:
      let base: (Int, [UInt8])
      if type == 6 {
        // The base's distance back: 7 bits a byte, each continuation adding one (git's encoding).
        guard at < end else { throw fail("a delta without its base at offset \(start)") }
        byte = Int(data[at])
        at += 1
        var distance = byte & 0x7f
        while byte & 0x80 != 0 {
          guard at < end, distance < (1 << 48) else { throw fail("a base offset that does not end at offset \(start)") }
          byte = Int(data[at])
          at += 1
          distance = ((distance + 1) << 7) | (byte & 0x7f)
        }
        guard distance > 0, distance <= start else { throw fail("a delta base \(distance) bytes before offset \(start)") }
        base = try baseObject(pack: p, offset: start - distance, id: id, depth: depth + 1)
      } else {
        guard at + 20 <= end else { throw fail("a delta without its base at offset \(start)") }
        let raw = (0..<20).map { data[at + $0] }
        at += 20
        guard let (basePack, baseOffset) = locate(raw) else {
          throw fail("its delta base \([UInt8].hex(raw.withUnsafeBufferPointer { $0 })) is not in the packs")
        }
        base = try baseObject(pack: basePack, offset: baseOffset, id: id, depth: depth + 1)
      }
      guard let delta = Self.inflate(data, from: at, to: end, size: size) else {
        throw fail("its delta's zlib data at offset \(start) does not inflate to \(size) bytes")
      }
      do {
        return (base.0, try Self.apply(delta, to: base.1))
      } catch {
        throw fail("its delta at offset \(start) \(error.reason)")
      }
    default:
      throw fail("an entry of unknown type \(type) at offset \(start)")
    }
  }

  /// A delta's base: kept from an earlier read, else read and kept.
  private func baseObject(pack p: Int, offset: Int, id: String, depth: Int) throws(Corrupt) -> (Int, [UInt8]) {
    let key = p << 48 | offset
    lock.lock()
    let known = bases[key]
    lock.unlock()
    if let known { return known }
    let base = try read(pack: p, offset: offset, id: id, depth: depth)
    lock.lock()
    if baseBytes + base.1.count > Self.baseCacheBytes {
      bases.removeAll()
      baseBytes = 0
    }
    if base.1.count <= Self.baseCacheBytes / 4 {
      bases[key] = base
      baseBytes += base.1.count
    }
    lock.unlock()
    return base
  }

  /// Why a delta does not apply.
  struct DeltaProblem: Error {
    var reason: String
  }

  /// `base` with `delta` applied: the source size (which must be the base's), the target size,
  /// then copies from the base (`1xxxxxxx`: offset and size bytes present by bit; size 0 is
  /// 0x10000) and inserts (`0nnnnnnn`, n > 0 literal bytes).
  /// - Complexity: O(delta + target).
  static func apply(_ delta: [UInt8], to base: [UInt8]) throws(DeltaProblem) -> [UInt8] {
    var at = 0
    func varint() throws(DeltaProblem) -> Int {
      var value = 0, shift = 0
      while true {
        guard at < delta.count, shift <= 56 else { throw DeltaProblem(reason: "ends inside its header") }
        let byte = Int(delta[at])
        at += 1
        value |= (byte & 0x7f) << shift
        shift += 7
        if byte & 0x80 == 0 { return value }
      }
    }
    let source = try varint(), target = try varint()
    guard source == base.count else { throw DeltaProblem(reason: "is against \(source) bytes, its base has \(base.count)") }
    guard target <= maximumSize else { throw DeltaProblem(reason: "claims \(target) bytes") }
    var out: [UInt8] = []
    out.reserveCapacity(target)
    while at < delta.count {
      let command = Int(delta[at])
      at += 1
      if command & 0x80 != 0 {
        var offset = 0, size = 0
        for k in 0..<4 where command & (1 << k) != 0 {
          guard at < delta.count else { throw DeltaProblem(reason: "ends inside a copy") }
          offset |= Int(delta[at]) << (8 * k)
          at += 1
        }
        for k in 0..<3 where command & (0x10 << k) != 0 {
          guard at < delta.count else { throw DeltaProblem(reason: "ends inside a copy") }
          size |= Int(delta[at]) << (8 * k)
          at += 1
        }
        if size == 0 { size = 0x10000 }
        guard offset + size <= base.count else { throw DeltaProblem(reason: "copies beyond its base") }
        guard out.count + size <= target else { throw DeltaProblem(reason: "makes more than \(target) bytes") }
        out.append(contentsOf: base[offset..<(offset + size)])
      } else if command != 0 {
        guard at + command <= delta.count else { throw DeltaProblem(reason: "ends inside an insert") }
        guard out.count + command <= target else { throw DeltaProblem(reason: "makes more than \(target) bytes") }
        out.append(contentsOf: delta[at..<(at + command)])
        at += command
      } else {
        throw DeltaProblem(reason: "holds the reserved command 0")
      }
    }
    guard out.count == target else { throw DeltaProblem(reason: "makes \(out.count) bytes, not \(target)") }
    return out
  }

  /// The zlib stream starting at `from` (before `to`) inflated: exactly `size` bytes and the
  /// stream's end; nil for anything else.
  private static func inflate(_ data: UnsafeRawBufferPointer, from: Int, to: Int, size: Int) -> [UInt8]? {
    guard from < to else { return nil }
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    stream.next_in = UnsafeMutablePointer(mutating: data.baseAddress!.assumingMemoryBound(to: Bytef.self) + from)
    stream.avail_in = uInt(min(to - from, Int(UInt32.max)))
    // One byte more than the object: a stream that makes more than its header says is refused.
    var out = [UInt8](repeating: 0, count: size + 1)
    let result = out.withUnsafeMutableBytes { raw -> Int32 in
      stream.next_out = raw.bindMemory(to: Bytef.self).baseAddress!
      stream.avail_out = uInt(raw.count)
      return CZlib.inflate(&stream, Z_FINISH)
    }
    guard result == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
    out.removeLast()
    return out
  }

  /// 40 lower-case hex digits as 20 bytes; nil for anything else.
  static func rawId(_ id: String) -> [UInt8]? {
    let hex = Array(id.utf8)
    guard hex.count == 40 else { return nil }
    func digit(_ c: UInt8) -> UInt8? {
      switch c {
      case 48...57: return c - 48
      case 97...102: return c - 87
      default: return nil
      }
    }
    var raw = [UInt8](repeating: 0, count: 20)
    for k in 0..<20 {
      guard let high = digit(hex[2 * k]), let low = digit(hex[2 * k + 1]) else { return nil }
      raw[k] = high << 4 | low
    }
    return raw
  }
}
