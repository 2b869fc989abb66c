// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import IconSupport
import Testing

/// Blobs are asked of `git cat-file --batch` in batches: more than one batch, a repeated id, an id
/// naming no object and one naming a tree all come back right (the blobs with their SHA-256, the
/// others left out), and again from memory.
@Suite struct GitObjectsTests {
  @Test func blobsInBatches() throws {
    let repo = try makeTemporaryFolder("git-objects")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    _ = try git(["init", "-q"], in: repo)
    _ = try git(["config", "user.email", "t@example.com"], in: repo)
    _ = try git(["config", "user.name", "Test"], in: repo)
    let count = GitObjects.batchSize + 250
    try FileManager.default.createDirectory(atPath: repo + "/files", withIntermediateDirectories: true)
    for i in 0..<count { #expect(GitWorkFolder.write(Array("file \(i)\n".utf8), to: repo + "/files/f\(i).txt")) }
    _ = try git(["add", "-A"], in: repo)
    _ = try git(["commit", "-q", "-m", "files"], in: repo)
    let objects = try GitObjects(top: repo)
    let tree = try #require(try objects.commit("HEAD"))
    let files = try #require(try objects.files(root: tree, inside: "files"))
    #expect(files.count == count)
    let treeId = try #require(try objects.entry(root: tree, inside: "files")).id
    var ids = files.keys.sorted().map { files[$0]!.id }
    ids += [ids[0], String(repeating: "0", count: 40), treeId]
    for round in 0..<2 {
      let blobs = try objects.blobs(ids)
      #expect(blobs.count == count, "round \(round)")
      for (name, entry) in files {
        let expected = Array("file \(name.dropFirst().dropLast(4))\n".utf8)
        #expect(blobs[entry.id]?.bytes == expected && blobs[entry.id]?.digest == SHA256.hash(expected), "\(name)")
      }
      #expect(blobs[treeId] == nil)
    }
    // The process still answers in order after all that.
    #expect(try objects.object(ids[5])?.bytes == Array("file \(files.keys.sorted()[5].dropFirst().dropLast(4))\n".utf8))
  }

  /// Loose objects are read in process exactly as `git cat-file` gives them (an empty blob, a
  /// 300 KB one of random bytes, a tree, a commit); a truncated one is not read (nil: left to git);
  /// once the repository is packed, none is loose and the blobs come from `git cat-file` unchanged.
  @Test func looseObjectsReadInProcess() throws {
    let repo = try makeTemporaryFolder("git-loose")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    _ = try git(["init", "-q"], in: repo)
    _ = try git(["config", "user.email", "t@example.com"], in: repo)
    _ = try git(["config", "user.name", "Test"], in: repo)
    var generator = SystemRandomNumberGenerator()
    let large = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    #expect(GitWorkFolder.write(large, to: repo + "/large.bin"))
    #expect(GitWorkFolder.write([], to: repo + "/empty"))
    #expect(GitWorkFolder.write(Array("small\n".utf8), to: repo + "/small.txt"))
    _ = try git(["add", "-A"], in: repo)
    _ = try git(["commit", "-q", "-m", "files"], in: repo)
    let loose = try #require(LooseObjects(top: repo))
    let commit = try git(["rev-parse", "HEAD"], in: repo).trimmingCharacters(in: .whitespacesAndNewlines)
    let tree = try git(["rev-parse", "HEAD^{tree}"], in: repo).trimmingCharacters(in: .whitespacesAndNewlines)
    let objects = try GitObjects(top: repo)
    let files = try #require(try objects.files(root: tree, inside: "."))
    #expect(loose.object(commit)?.type == "commit" && loose.object(tree)?.type == "tree")
    #expect(loose.object(tree)?.bytes == (try objects.object(tree))?.bytes)
    #expect(loose.object(commit)?.bytes == (try objects.object(commit))?.bytes)
    for (name, expected) in [("large.bin", large), ("empty", []), ("small.txt", Array("small\n".utf8))] {
      let id = try #require(files[name]).id
      let object = try #require(loose.object(id), "\(name)")
      #expect(object.type == "blob" && object.bytes == expected, "\(name)")
    }
    #expect(loose.object(String(repeating: "0", count: 40)) == nil && loose.object("not an id") == nil)
    // A truncated object is not read.
    let id = try #require(files["large.bin"]).id
    let path = repo + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
    let whole = try #require(LooseObjects.read(path))
    #expect(LooseObjects.inflate(Array(whole.prefix(whole.count / 2))) == nil)
    #expect(LooseObjects.inflate(whole)?.bytes == large)
    // Packed: nothing loose; the blobs come from git, the same.
    _ = try git(["repack", "-adq"], in: repo)
    _ = try git(["prune-packed"], in: repo)
    #expect(loose.object(id) == nil)
    let blobs = try GitObjects(top: repo).blobs(files.values.map(\.id))
    #expect(blobs[id]?.bytes == large && blobs[id]?.digest == SHA256.hash(large))
    #expect(blobs[try #require(files["empty"]).id]?.bytes == [])
  }
}
