// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// The content digests (SHA-256) of files this run wrote itself, so that measuring them through
/// the cache (``MeasurementPipeline``) needs no reading and hashing: a history's work folder
/// (``GitWorkFolder``) records each file it writes from a git blob, with the blob's digest and the
/// file's version (device, inode, size, modification time) just after writing it.
///
/// Why a recorded digest holds: the work folder is a new folder of this run (a random name in
/// memory or the temporary directory) that only ``GitWorkFolder`` writes into, and every file it
/// writes or removes is recorded or forgotten here first; a lookup also requires the file's version
/// now to equal the recorded one, as a drawing read back for a rule must (so a file changed by
/// anyone else since, in size, time or inode, is read and hashed as without this).
///
/// - Complexity: O(1) a lookup (one `stat`), O(1) a record.
final class KnownFileDigests: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String: (version: FileVersion, digest: [UInt8])] = [:]

  init() {}

  /// Records the digest of the bytes just written to `path`; forgets the file when it cannot be
  /// examined.
  func record(path: String, digest: [UInt8]) {
    let version = FileVersion(path: path)
    lock.lock()
    entries[path] = version.map { ($0, digest) }
    lock.unlock()
  }

  /// Forgets `path` (removed, or about to be written again).
  func forget(path: String) {
    lock.lock()
    entries[path] = nil
    lock.unlock()
  }

  /// The digests and versions of all of `files`, when each one was recorded and is unchanged since
  /// (and within the size limit of its kind, as ``IconLoader/readBytes(_:limits:)`` requires); nil
  /// otherwise: then the files are read.
  func digests(_ files: [IconFile], limits: DecodeLimits) -> [(version: FileVersion, digest: [UInt8])]? {
    var known: [(version: FileVersion, digest: [UInt8])] = []
    known.reserveCapacity(files.count)
    for file in files {
      lock.lock()
      let entry = entries[file.path]
      lock.unlock()
      let limit = file.kind == .png ? limits.maxFileBytes : min(limits.maxFileBytes, limits.maxVectorFileBytes)
      guard let entry, let now = FileVersion(path: file.path), now == entry.version, now.size <= Int64(limit) else { return nil }
      known.append(entry)
    }
    return known
  }
}
