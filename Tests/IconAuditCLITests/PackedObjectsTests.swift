// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import IconSupport
import Testing

/// Packed objects are read in process exactly as `git cat-file` gives them: whole objects and
/// deltas of both kinds (`OFS_DELTA`, and `REF_DELTA` when the pack is written without base
/// offsets), chains of deltas; a corrupt entry is an error naming the object and its pack, never
/// other bytes; a history of a packed repository equals the loose one's.
@Suite struct PackedObjectsTests {
  /// A repository whose one file changes a little over 12 commits (so that git stores most
  /// versions as deltas), with a second file and a 100 KB blob of noise, packed with `config`.
  func packedRepository(_ name: String, config: [String] = []) throws -> String {
    let repo = try makeTemporaryFolder(name)
    _ = try git(["init", "-q"], in: repo)
    _ = try git(["config", "user.email", "t@example.com"], in: repo)
    _ = try git(["config", "user.name", "Test"], in: repo)
    // Bytes that do not compress, the same every run (a linear congruential sequence's high bits).
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    let random = (0..<100_000).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    #expect(GitWorkFolder.write(random, to: repo + "/random.bin"))
    for version in 0..<12 {
      // A tenth of the lines differ between versions: git stores most versions as deltas (of a few
      // hundred bytes, mostly inserts), some against a delta.
      let text = (0..<400).map { k in
        (k + version) % 10 == 0 ? "line \(k) changed in version \(version) (\(k * version * 7919 % 10007))\n"
          : "line \(k) stays the same in every version, long enough to matter\n"
      }.joined()
      #expect(GitWorkFolder.write(Array(text.utf8), to: repo + "/grows.txt"))
      #expect(GitWorkFolder.write(Array("version \(version)\n".utf8), to: repo + "/small.txt"))
      _ = try git(["add", "-A"], in: repo)
      _ = try git(["commit", "-q", "-m", "v\(version)"], in: repo)
    }
    _ = try git(config + ["repack", "-adf", "--depth=50", "--window=50", "-q"], in: repo)
    _ = try git(["prune-packed"], in: repo)
    return repo
  }

  /// Every object of the repository (`git rev-list --objects --all`), by id, with its type and
  /// bytes as `git cat-file` gives them.
  func everyObject(_ repo: String) throws -> [(id: String, type: String, bytes: [UInt8])] {
    let ids = try git(["rev-list", "--objects", "--all"], in: repo).split(separator: "\n").map { String($0.prefix(40)) }
    return try ids.map { id in
      let type = try git(["cat-file", "-t", id], in: repo).trimmingCharacters(in: .whitespacesAndNewlines)
      let bytes = try gitBytes(["cat-file", type, id], in: repo)
      return (id, type, bytes)
    }
  }

  /// The entries `git verify-pack -v` lists that are deltas (id, size in the pack, offset, depth).
  func deltas(_ repo: String) throws -> [(id: String, packed: Int, offset: Int, depth: Int)] {
    let pack = try #require(try FileManager.default.contentsOfDirectory(atPath: repo + "/.git/objects/pack")
      .first { $0.hasSuffix(".idx") })
    return try git(["verify-pack", "-v", ".git/objects/pack/" + pack], in: repo).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 7, fields[0].count == 40, let packed = Int(fields[3]), let offset = Int(fields[4]),
            let depth = Int(fields[5]) else { return nil }
      return (String(fields[0]), packed, offset, depth)
    }
  }

  @Test(arguments: [("offset deltas", [String](), 6), ("ref deltas", ["-c", "repack.useDeltaBaseOffset=false"], 7)])
  func everyObjectReadsAsGitGivesIt(_ kind: String, _ config: [String], _ deltaType: UInt8) throws {
    let repo = try packedRepository("git-packed", config: config)
    defer { try? FileManager.default.removeItem(atPath: repo) }
    let found = try deltas(repo)
    // The entries are of the kind asked for (the type in bits 4–6 of an entry's first byte).
    let packFolder = repo + "/.git/objects/pack"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: packFolder).first { $0.hasSuffix(".pack") })
    let pack = Array(try Data(contentsOf: URL(fileURLWithPath: packFolder + "/" + name)))
    #expect(found.allSatisfy { (pack[$0.offset] >> 4) & 7 == deltaType }, "\(kind): deltas of type \(deltaType)")
    #expect(found.count >= 10, "\(kind): git stored versions as deltas")
    #expect(found.contains { $0.depth >= 2 }, "\(kind): a chain of deltas")
    #expect(LooseObjects(top: repo).map { loose in found.allSatisfy { loose.object($0.id) == nil } } ?? true, "nothing loose")
    let packed = try #require(PackedObjects(top: repo))
    let objects = try everyObject(repo)
    #expect(objects.count > 40)
    for object in objects {
      let read = try #require(try packed.object(object.id), "\(kind): \(object.id) is packed")
      #expect(read.type == object.type && read.bytes == object.bytes, "\(kind): \(object.id) (\(object.type))")
    }
    #expect(try packed.object(String(repeating: "0", count: 40)) == nil, "no such object")
    #expect(try packed.object("not an id") == nil)
    // Through GitObjects: blobs with their SHA-256, trees walked.
    let git = try GitObjects(top: repo)
    let tree = try #require(try git.commit("HEAD"))
    let files = try #require(try git.files(root: tree, inside: "."))
    #expect(Set(files.keys) == ["grows.txt", "random.bin", "small.txt"])
    let blobs = try git.blobs(files.values.map(\.id))
    for (name, entry) in files {
      let expected = try gitBytes(["cat-file", "blob", entry.id], in: repo)
      #expect(blobs[entry.id]?.bytes == expected && blobs[entry.id]?.digest == SHA256.hash(expected), "\(name)")
    }
  }

  /// A delta whose zlib data is overwritten, and a whole object whose is: each is an error that
  /// names the object and the pack; the other objects still read.
  @Test func aCorruptEntryNamesTheObject() throws {
    let repo = try makeTemporaryFolder("git-packed-corrupt")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    let source = try packedRepository("git-packed-source")
    defer { try? FileManager.default.removeItem(atPath: source) }
    let found = try deltas(source)
    // The largest delta: its zlib data is longer than the bytes overwritten below.
    let delta = try #require(found.max { $0.packed < $1.packed })
    #expect(delta.packed >= 64)
    // A blob stored whole: the random one (no other object resembles it).
    let random = try git(["rev-parse", "HEAD:random.bin"], in: source).trimmingCharacters(in: .whitespacesAndNewlines)
    let listing = try git(["verify-pack", "-v", ".git/objects/pack/" + (try FileManager.default
      .contentsOfDirectory(atPath: source + "/.git/objects/pack").first { $0.hasSuffix(".idx") }!)], in: source)
    let randomOffset = try #require(listing.split(separator: "\n").first { $0.hasPrefix(random) }
      .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[4]) })
    for (id, offset) in [(delta.id, delta.offset), (random, randomOffset)] {
      try? FileManager.default.removeItem(atPath: repo)
      try FileManager.default.copyItem(atPath: source, toPath: repo)
      let packFolder = repo + "/.git/objects/pack"
      let name = try #require(try FileManager.default.contentsOfDirectory(atPath: packFolder).first { $0.hasSuffix(".pack") })
      var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: packFolder + "/" + name)))
      // Past the entry's header (at most 2 + 20 bytes for a delta), 16 bytes of the zlib stream.
      for k in (offset + 24)..<(offset + 40) { bytes[k] = 0xa5 }
      try Data(bytes).write(to: URL(fileURLWithPath: packFolder + "/" + name))
      let packed = try #require(PackedObjects(top: repo))
      do {
        _ = try packed.object(id)
        Issue.record("\(id): read from a corrupt pack")
      } catch {
        #expect(error.description.contains(id) && error.description.contains(name), "\(error.description)")
      }
      // Through GitObjects: a failure that says so, naming the object.
      let objects = try GitObjects(top: repo)
      do {
        _ = try objects.blobs([id])
        Issue.record("\(id): a blob from a corrupt pack")
      } catch {
        #expect(error.message.contains(id) && error.message.contains("corrupt"), "\(error.message)")
      }
      // Another object still reads.
      let small = try git(["rev-parse", "HEAD:small.txt"], in: source).trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(try packed.object(small)?.bytes == Array("version 11\n".utf8))
    }
  }

  /// A delta's instructions: copies (with a size of 0 meaning 0x10000) and inserts; refused when
  /// the source size is not the base's, a copy reaches beyond the base, or the result is not the
  /// size it says.
  @Test func deltaInstructions() throws {
    let base = (0..<70_000).map { UInt8($0 % 251) }
    // source 70000, target 5 + 65536 + 3: insert "hello", copy 0x10000 from 100, copy 3 from 0.
    var delta: [UInt8] = []
    func varint(_ value: Int) {
      var v = value
      while v >= 0x80 { delta.append(UInt8(v & 0x7f) | 0x80); v >>= 7 }
      delta.append(UInt8(v))
    }
    varint(base.count)
    varint(5 + 0x10000 + 3)
    delta += [5] + Array("hello".utf8)
    delta += [0x80 | 0x01, 100]  // offset 100, no size bytes: 0x10000
    delta += [0x80 | 0x10, 3]  // offset 0, size 3
    let out = try PackedObjects.apply(delta, to: base)
    #expect(out == Array("hello".utf8) + Array(base[100..<(100 + 0x10000)]) + Array(base[0..<3]))
    #expect(throws: PackedObjects.DeltaProblem.self) { try PackedObjects.apply(delta, to: Array(base.dropLast())) }
    var beyond = delta
    beyond[beyond.count - 1] = 0xff  // the last copy's size 255 from 0: more than the target
    #expect(throws: PackedObjects.DeltaProblem.self) { try PackedObjects.apply(beyond, to: base) }
    #expect(throws: PackedObjects.DeltaProblem.self) { try PackedObjects.apply(Array(delta.dropLast(2)), to: base) }
    #expect(throws: PackedObjects.DeltaProblem.self) { try PackedObjects.apply(delta + [0], to: base) }
  }

  /// Two `REF_DELTA` entries naming each other as base (a corrupt pack): the chain is given up at
  /// ``PackedObjects/maximumChain`` links and the object left to `git cat-file` (nil), not followed
  /// until the stack overflows (a crash, signal 11, when the limit was 4096).
  @Test func aCycleOfDeltasIsLeftToGit() throws {
    let repo = try makeTemporaryFolder("git-packed-cycle")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    try git(["init", "-q"], in: repo)
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    let a = [UInt8](repeating: 0x11, count: 20), b = [UInt8](repeating: 0x22, count: 20)
    // Entries of type 7 (REF_DELTA), size 5: each names the other's id, then an empty zlib stream.
    var pack: [UInt8] = Array("PACK".utf8) + be32(2) + be32(2)
    let offsetA = pack.count
    pack += [0x75] + b + [0x78, 0x9c, 0, 0, 0, 0]
    let offsetB = pack.count
    pack += [0x75] + a + [0x78, 0x9c, 0, 0, 0, 0]
    pack += [UInt8](repeating: 0, count: 20)
    var index: [UInt8] = [0xff, 0x74, 0x4f, 0x63] + be32(2)
    for k in 0..<256 { index += be32(k < 0x11 ? 0 : (k < 0x22 ? 1 : 2)) }
    index += a + b + be32(0) + be32(0) + be32(offsetA) + be32(offsetB) + [UInt8](repeating: 0, count: 40)
    let folder = repo + "/.git/objects/pack"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(pack).write(to: URL(fileURLWithPath: folder + "/pack-cycle.pack"))
    try Data(index).write(to: URL(fileURLWithPath: folder + "/pack-cycle.idx"))
    let packed = try #require(PackedObjects(top: repo))
    #expect(try packed.object(String(repeating: "11", count: 20)) == nil)
    #expect(try packed.object(String(repeating: "22", count: 20)) == nil)
  }
}
