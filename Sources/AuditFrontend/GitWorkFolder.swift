// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// A folder kept as PATH was at one revision after another: only the files that differ from the
/// previous revision are written or removed.
///
/// Each regular file written is recorded in ``digests`` with the SHA-256 of its blob (hashed once
/// per blob, however many revisions, paths and work folders hold it: ``GitObjects/blobs(_:)``), so
/// that an unchanged file is not read and hashed again to be found in the measurement cache.
struct GitWorkFolder {
  let path: String
  private var current: [String: GitObjects.Entry] = [:]
  /// The digests of the files written here (see ``KnownFileDigests``).
  let digests = KnownFileDigests()

  init(path: String) { self.path = path }

  /// Makes the folder hold exactly `files` (blobs read from `objects`); emptied folders are removed.
  mutating func update(to files: [String: GitObjects.Entry], objects: GitObjects) throws(AuditFrontend.Failure) {
    digests.beginUpdate()
    if !Self.sameListing(current, files, folderName: PathText.lastComponent(path)) { digests.forgetDiscovery() }
    for (name, entry) in current where files[name] != entry {
      digests.forget(path: path + "/" + name)
      // A regular file that stays one is written over in place below (creating and removing
      // inodes was most of the folder's system time).
      if let next = files[name], Self.isRegular(next.mode), Self.isRegular(entry.mode) { continue }
      unlink(path + "/" + name)
      var folder = PathText.parent(name)
      while !folder.isEmpty, rmdir(path + "/" + folder) == 0 { folder = PathText.parent(folder) }
    }
    // Blobs asked of git in batches (one round trip each), then written in the names' order.
    let changed = files.compactMap { name, entry in current[name] != entry ? name : nil }.sorted()
    for start in stride(from: 0, to: changed.count, by: GitObjects.batchSize) {
      let names = changed[start..<min(start + GitObjects.batchSize, changed.count)]
      let blobs = try objects.blobs(names.map { files[$0]!.id })
      for name in names {
        let entry = files[name]!
        guard let blob = blobs[entry.id] else {
          // Not there, as before (a file left in place above holds the revision before's bytes).
          digests.forgetDiscovery()
          unlink(path + "/" + name)
          continue
        }
        let target = path + "/" + name
        // Its folder is made when the file cannot be written without it (not asked for each file).
        func makeFolder() throws(AuditFrontend.Failure) {
          do {
            try FileManager.default.createDirectory(atPath: PathText.parent(target), withIntermediateDirectories: true)
          } catch {
            throw AuditFrontend.Failure(message: "cannot write \(target): \(error)")
          }
        }
        if entry.mode == "120000" {
          try makeFolder()
          symlink(String(decoding: blob.bytes, as: UTF8.self), target)
        } else {
          if !Self.write(blob.bytes, to: target) {
            try makeFolder()
            guard Self.write(blob.bytes, to: target) else { throw AuditFrontend.Failure(message: "cannot write \(target)") }
          }
          digests.record(path: target, digest: blob.digest, bytes: blob.bytes)
        }
      }
    }
    current = files
  }

  /// Whether the folder holding `files` instead of `current` lists the same to discovery
  /// (``IconDiscovery/discoverAll(_:idioms:)``): the same names, and each changed file a regular
  /// file before and after, outside any folder named with an extension (`.xcassets`, `.imageset`,
  /// … including the folder itself, `folderName`), where discovery reads names only, never bytes.
  /// A "." is looked for as a byte (Foundation's string search cost 3,000 instructions a call).
  /// - Complexity: O(files) lookups.
  static func sameListing(_ current: [String: GitObjects.Entry], _ files: [String: GitObjects.Entry], folderName: String) -> Bool {
    guard current.count == files.count, !folderName.utf8.contains(UInt8(ascii: ".")) else { return false }
    for (name, entry) in files {
      guard let before = current[name] else { return false }
      guard before != entry else { continue }
      guard isRegular(before.mode), isRegular(entry.mode), !PathText.parent(name).utf8.contains(UInt8(ascii: ".")) else { return false }
    }
    return true
  }

  /// Whether a tree entry's mode is a regular file's (git's 100644 or 100755).
  static func isRegular(_ mode: String) -> Bool { mode == "100644" || mode == "100755" }

  /// Writes a file plainly: a temporary folder of this run needs no `fsync` (which
  /// `FileManager.createFile` does, and which took a fifth of a history run).
  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in Foundation.write(fd, raw.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      done += n
    }
    return close(fd) == 0 && done == bytes.count
  }
}
