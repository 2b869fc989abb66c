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
}
