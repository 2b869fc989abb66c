// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// The content digests (SHA-256) of files known by their `stat`, as git's index knows a file is
/// unchanged without reading it: a warm audit stats each icon's files instead of reading and
/// hashing them (the scale corpus's 10,000 files: one `stat` each instead of open, read, close and
/// SHA-256 of 13 MB).
///
/// An entry maps a file's identity (device, inode) to its stamp (size, modification and status
/// change times to the nanosecond, mode) and the SHA-256 of the bytes read when the stamp was
/// taken. A lookup returns the digest only when the file's stamp now equals the recorded one in
/// every field; otherwise the file is read and hashed as without the index.
///
/// Why an equal stamp means equal bytes (the safety argument):
/// - Writing a file updates its modification and status-change times; truncating or growing it,
///   its size; `chmod`, `chown`, `rename` and `link` its status-change time. `touch -d` or
///   `utimensat` can set the modification time back, but they set the status-change time to now:
///   no program can set it back (only the system clock can). A file replaced by another (an
///   editor's save, `git checkout`, `cp -p`, `rsync`, `tar -x`) is a new inode with a new
///   status-change time.
/// - An inode number reused for a new file gets a status-change time of its creation, later than
///   the recorded one (unless the clock went backwards).
/// - The racy case (as git's "racily clean" entries): a file written again within the same
///   timestamp tick as the write before it keeps its stamp. An entry is therefore recorded only
///   when both of the file's times are at least ``racyMarginSeconds`` (2 s, more than the coarsest
///   timestamps of common file systems: ext4, APFS, NTFS, exFAT 10 ms or finer, HFS+ 1 s, FAT 2 s)
///   before the run started (taken before any stat): any write after the stat then gets a later
///   time, so a later lookup sees another stamp. Files written in the last 2 s are read and hashed
///   (and recorded on a later run).
/// - The index is per user (`digests-<uid>.iaindex`): a file one user could read is not taken as
///   readable by another; a change of the file's mode changes its status-change time.
/// - The stamp's size is checked against the read limit of the file's kind, and the file must
///   still be a regular file, as ``IconLoader/readBytes(_:limits:)`` would check.
/// - Not covered (as for git and make): a file system whose clock runs behind this machine's by
///   more than the margin (a network file system) written twice within one of its timestamp
///   ticks with the same size; a file system that keeps no status-change time (FAT and exFAT: Linux
///   reports the modification time instead) where a file is rewritten with the same size and its
///   modification time set back on purpose; a file changed through a shared memory mapping without
///   any timestamp update. `--no-cache` reads and hashes every file.
///
/// On disk: an 8-byte magic, the entry count, a checksum of the entries, then 88 bytes an entry
/// (device, inode, size, modification s and ns, status change s and ns, mode, digest), written to a
/// temporary file and renamed into place (two runs at once: the last one's index wins; the
/// other's new entries are hashed again next time). Only a run that learnt a new digest writes it;
/// at most ``maximumEntries`` entries are kept, those used by the run first.
///
/// - Complexity: O(e) to load e entries (once a run, on the first lookup); O(1) a lookup.
final class FileDigestIndex: @unchecked Sendable {
  /// A file's identity on this machine.
  struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// What must not have changed for a digest to hold.
  struct Stamp: Equatable {
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    var changedSeconds: Int64
    var changedNanoseconds: Int64
    var mode: UInt32
  }

  /// A file as `stat` saw it.
  struct Observation {
    var identity: Identity
    var stamp: Stamp
    var isRegularFile: Bool
    var version: FileVersion

    /// - Parameter folders: open folders to `stat` the file from (``FolderHandles``); nil: by its path.
    init?(path: String, folders: FolderHandles? = nil) {
      var info = stat()
      guard folders.map({ $0.status(path, into: &info) }) ?? (stat(path, &info) == 0) else { return nil }
      identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      #if canImport(Darwin)
      let modified = info.st_mtimespec, changed = info.st_ctimespec
      #else
      let modified = info.st_mtim, changed = info.st_ctim
      #endif
      stamp = Stamp(size: Int64(info.st_size), modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
                    changedSeconds: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec), mode: UInt32(info.st_mode))
      isRegularFile = info.st_mode & S_IFMT == S_IFREG
      version = FileVersion(device: identity.device, inode: identity.inode, size: stamp.size,
                            modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }
  }

  /// Entries kept on disk (88 bytes each: 8.8 MB).
  static let maximumEntries = 100_000
  /// Files whose times are this close to the run's start are not recorded (see the type's
  /// documentation).
  static let racyMarginSeconds: Int64 = 2
  static let magic: [UInt8] = Array("IADIGST1".utf8)
  static let headerSize = 8 + 4 + 8
  static let entrySize = 7 * 8 + 32

  let path: String
  private let startSeconds: Int64
  private let marginSeconds: Int64
  private let lock = NSLock()
  private var loaded = false
  private var entries: [Identity: (stamp: Stamp, digest: [UInt8])] = [:]
  /// Entries looked up or learnt by this run (kept first when the index is over its size).
  private var used = Set<Identity>()
  private var learnt = 0

  /// - Parameters:
  ///   - directory: the cache's directory.
  ///   - marginSeconds: ``racyMarginSeconds``; tests pass a negative margin to record files they
  ///     just wrote.
  init(directory: String, marginSeconds: Int64 = FileDigestIndex.racyMarginSeconds) {
    path = directory + "/digests-\(geteuid()).iaindex"
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    startSeconds = Int64(now.tv_sec)
    self.marginSeconds = marginSeconds
  }

  /// The digest recorded for the file `observation` describes, when its stamp is unchanged and it
  /// is a regular file of at most `limit` bytes; nil otherwise (then read and hash it).
  func digest(_ observation: Observation, limit: Int) -> [UInt8]? {
    guard observation.isRegularFile, observation.stamp.size <= Int64(limit) else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if !loaded { load() }
    guard let entry = entries[observation.identity], entry.stamp == observation.stamp else { return nil }
    used.insert(observation.identity)
    return entry.digest
  }

  /// Records the digest of the bytes read after `observation` was taken (`byteCount` of them),
  /// unless the file was written too recently to tell a later write from this one.
  func record(_ observation: Observation, byteCount: Int, digest: [UInt8]) {
    let stamp = observation.stamp
    let recent = startSeconds - marginSeconds
    guard observation.isRegularFile, Int64(byteCount) == stamp.size, digest.count == 32,
          stamp.modifiedSeconds < recent, stamp.changedSeconds < recent else { return }
    lock.lock()
    defer { lock.unlock() }
    if !loaded { load() }
    entries[observation.identity] = (stamp, digest)
    used.insert(observation.identity)
    learnt += 1
  }

  /// Digests learnt by this run and not yet written.
  var pendingCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return learnt
  }

  /// Writes the index when this run learnt a digest (a temporary file renamed into place);
  /// failures are ignored (the files are hashed again next time).
  func flush() {
    lock.lock()
    defer { lock.unlock() }
    guard learnt > 0 else { return }
    learnt = 0
    var kept: [(Identity, Stamp, [UInt8])] = []
    kept.reserveCapacity(min(entries.count, Self.maximumEntries))
    for identity in used.sorted(by: { ($0.device, $0.inode) < ($1.device, $1.inode) }) where kept.count < Self.maximumEntries {
      if let entry = entries[identity] { kept.append((identity, entry.stamp, entry.digest)) }
    }
    if kept.count < Self.maximumEntries {
      for (identity, entry) in entries.sorted(by: { ($0.key.device, $0.key.inode) < ($1.key.device, $1.key.inode) })
      where !used.contains(identity) && kept.count < Self.maximumEntries {
        kept.append((identity, entry.stamp, entry.digest))
      }
    }
    var body: [UInt8] = []
    body.reserveCapacity(kept.count * Self.entrySize)
    for (identity, stamp, digest) in kept {
      for value in [identity.device, identity.inode, UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.modifiedSeconds),
                    UInt64(bitPattern: stamp.modifiedNanoseconds), UInt64(bitPattern: stamp.changedSeconds),
                    UInt64(bitPattern: stamp.changedNanoseconds) &+ UInt64(stamp.mode) << 32] {
        MeasurementCache.append(value, width: 8, to: &body)
      }
      body += digest
    }
    var out = Self.magic
    MeasurementCache.append(UInt64(kept.count), width: 4, to: &out)
    MeasurementCache.append(MeasurementCache.checksum(body), width: 8, to: &out)
    _ = MeasurementCache.writeAtomically(out + body, to: path, directory: PathText.parent(path))
  }

  /// Reads the index; a missing, truncated or corrupt one is ignored (every file is hashed).
  /// Called under `lock`.
  private func load() {
    loaded = true
    guard let bytes = try? BoundedFile.read(path: path, limit: Self.headerSize + Self.maximumEntries * Self.entrySize),
          bytes.count >= Self.headerSize, bytes[0..<8].elementsEqual(Self.magic) else { return }
    let count = Int(MeasurementCache.uint(bytes, 8, 4)), sum = MeasurementCache.uint(bytes, 12, 8)
    let body = bytes[Self.headerSize...]
    guard body.count == count * Self.entrySize, MeasurementCache.checksum(body) == sum else { return }
    entries.reserveCapacity(count)
    body.withUnsafeBytes { raw in
      for i in 0..<count {
        let at = i * Self.entrySize
        func word(_ k: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8 * k, as: UInt64.self)) }
        let identity = Identity(device: word(0), inode: word(1))
        let last = word(6)
        let stamp = Stamp(size: Int64(bitPattern: word(2)), modifiedSeconds: Int64(bitPattern: word(3)),
                          modifiedNanoseconds: Int64(bitPattern: word(4)), changedSeconds: Int64(bitPattern: word(5)),
                          changedNanoseconds: Int64(last & 0xffff_ffff), mode: UInt32(last >> 32))
        entries[identity] = (stamp, Array(raw[(at + 56)..<(at + 88)]))
      }
    }
  }
}

extension FileVersion {
  init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
  }
}
