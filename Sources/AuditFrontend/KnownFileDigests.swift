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
/// writes or removes is recorded or forgotten here first. So a lookup trusts the record: the file
/// is not looked at again (its recorded version is taken), while a drawing read back for a rule
/// checks its file's version now against the recorded one, as any read-back does.
///
/// - Complexity: O(1) a lookup, O(1) a record (one `stat`).
final class KnownFileDigests: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String: (version: FileVersion, digest: [UInt8])] = [:]
  /// The icons measured from these files (``MeasuredFromKnown``), by id: the revision before in
  /// the same work folder.
  private var measured: [String: MeasuredFromKnown] = [:]
  /// What the folder's audits carry over from one to the next while only bytes change (roles,
  /// selected-state pairing).
  let carryOver = AuditCarryOver()

  init() {}

  /// An icon as the measurement cache gave it (or as stored in it) while its files were known
  /// here: what ``MeasurementPipeline`` would decode again from the cache's entry, kept so that an
  /// icon unchanged since the revision before is neither keyed (SHA-256), looked up nor decoded
  /// again. It holds for exactly the same icon (discovered the same: files, catalog), files
  /// (versions and digests), symbol size and options' key prefix; its drawing's loader is made
  /// anew for each audit (its options record the read-back failures).
  /// (A class: handed out by reference, not copied field by field, for each of a history's lookups.)
  final class MeasuredFromKnown: Sendable {
    let icon: DiscoveredIcon
    let known: [(version: FileVersion, digest: [UInt8])]
    let symbolSize: SymbolSize
    let keyPrefix: [UInt8]
    /// The cache's key of the icon (its ``MeasuredIcon/contentKey``).
    let key: [UInt8]
    /// As ``CachedMeasurement/decode(_:icon:)`` gives it, without a loader, its
    /// ``MeasuredIcon/contentKey`` set to ``key`` (as a lookup through the cache sets it).
    let measured: MeasuredIcon
    let analysedIndex: Int
    let vectorPNG: [UInt8]?

    init(icon: DiscoveredIcon, known: [(version: FileVersion, digest: [UInt8])], symbolSize: SymbolSize, keyPrefix: [UInt8],
         key: [UInt8], measured: MeasuredIcon, analysedIndex: Int, vectorPNG: [UInt8]?) {
      self.icon = icon
      self.known = known
      self.symbolSize = symbolSize
      self.keyPrefix = keyPrefix
      self.key = key
      var measured = measured
      if measured.contentKey != key { measured.contentKey = key }
      self.measured = measured
      self.analysedIndex = analysedIndex
      self.vectorPNG = vectorPNG
    }

    /// Whether it is the measurement of `icon` with these files, symbol size and key prefix.
    func fits(_ icon: DiscoveredIcon, known: [(version: FileVersion, digest: [UInt8])], symbolSize: SymbolSize,
              keyPrefix: [UInt8]) -> Bool {
      guard self.known.count == known.count, self.symbolSize == symbolSize, self.icon == icon,
            self.keyPrefix == keyPrefix else { return false }
      for (a, b) in zip(self.known, known) where a.version != b.version || a.digest != b.digest { return false }
      return true
    }
  }

  /// Remembers how `entry.icon` measured (replacing what was remembered of its id).
  func remember(_ entry: MeasuredFromKnown) {
    lock.lock()
    measured[entry.icon.id] = entry
    lock.unlock()
  }

  /// What was remembered of an icon with `id`, if anything (see ``MeasuredFromKnown/fits(_:known:symbolSize:keyPrefix:)``).
  func remembered(_ id: String) -> MeasuredFromKnown? {
    lock.lock()
    defer { lock.unlock() }
    return measured[id]
  }

  /// The bytes of the files written by the last update of the folder (``beginUpdate()``), at most
  /// ``writtenBudgetBytes`` of them: the files an audit will most likely measure, from memory
  /// (the same arrays as ``GitObjects``' blobs, not copies).
  private var written: [String: [UInt8]] = [:]
  private var writtenBytes = 0
  static let writtenBudgetBytes = 64 << 20

  /// Records the digest of the bytes just written to `path` (and the bytes, within the budget);
  /// forgets the file when it cannot be examined.
  func record(path: String, digest: [UInt8], bytes: [UInt8]? = nil) {
    let version = FileVersion(path: path)
    lock.lock()
    entries[path] = version.map { ($0, digest) }
    if let bytes, version != nil, writtenBytes + bytes.count <= Self.writtenBudgetBytes {
      written[path] = bytes
      writtenBytes += bytes.count
    }
    lock.unlock()
  }

  /// Forgets `path` (removed, or about to be written again).
  func forget(path: String) {
    lock.lock()
    entries[path] = nil
    if let bytes = written.removeValue(forKey: path) { writtenBytes -= bytes.count }
    lock.unlock()
  }

  /// Called as the folder starts to change again: the bytes of the files written before are let go.
  func beginUpdate() {
    lock.lock()
    written.removeAll()
    writtenBytes = 0
    lock.unlock()
  }

  /// The bytes written to each of `files` by the last update, when all were kept and each file is
  /// still the version `known` (``digests(_:limits:)``, in the same order) says; nil otherwise.
  /// The bytes are those whose digest was recorded, so measuring them is measuring the file.
  func writtenBytes(_ files: [IconFile], known: [(version: FileVersion, digest: [UInt8])]) -> [[UInt8]]? {
    lock.lock()
    defer { lock.unlock() }
    var all: [[UInt8]] = []
    all.reserveCapacity(files.count)
    for (file, known) in zip(files, known) {
      guard let bytes = written[file.path], let entry = entries[file.path], entry.version == known.version,
            entry.digest == known.digest else { return nil }
      all.append(bytes)
    }
    return all
  }

  /// The digests and versions of all of `files`, when each one was recorded (and is within the size
  /// limit of its kind, as ``IconLoader/readBytes(_:limits:)`` requires); nil otherwise: then the
  /// files are read.
  ///
  /// The versions are the ones recorded just after writing: the folder is this run's own (see the
  /// type's note), and every write or removal in it goes through ``record(path:digest:bytes:)`` or
  /// ``forget(path:)`` first, so a recorded file is the one written. It is not asked of the file
  /// system again (a `stat` for each of a history's 10,000 lookups was a third of their CPU); a
  /// drawing read back for a rule still checks its file's version now against the recorded one.
  func digests(_ files: [IconFile], limits: DecodeLimits) -> [(version: FileVersion, digest: [UInt8])]? {
    var known: [(version: FileVersion, digest: [UInt8])] = []
    known.reserveCapacity(files.count)
    lock.lock()
    defer { lock.unlock() }
    for file in files {
      let limit = file.kind == .png ? limits.maxFileBytes : min(limits.maxFileBytes, limits.maxVectorFileBytes)
      guard let entry = entries[file.path], entry.version.size <= Int64(limit) else { return nil }
      known.append(entry)
    }
    return known
  }

  /// What discovery found in the folder, kept while no update changed what discovery reads there
  /// (``forgetDiscovery()``): the same PATHs and idioms give the same icons, issues and skipped
  /// files.
  private var discovered: (paths: [String], idioms: [String], discovery: IconDiscovery.Discovery)?

  /// Discovery of `paths` under `idioms` (``IconDiscovery/discoverAll(_:idioms:)``, made by `make`),
  /// taken from the audit before when the folder changed since only in ways discovery does not read.
  func discovery(paths: [String], idioms: [String], make: () -> IconDiscovery.Discovery) -> IconDiscovery.Discovery {
    lock.lock()
    if let discovered, discovered.paths == paths, discovered.idioms == idioms {
      lock.unlock()
      return discovered.discovery
    }
    lock.unlock()
    let made = make()
    lock.lock()
    discovered = (paths, idioms, made)
    lock.unlock()
    return made
  }

  /// Called (by ``GitWorkFolder``) before the folder changes in a way discovery may see: a file
  /// added or removed, a link or a mode changed, a file written inside an asset catalog or a folder
  /// named with an extension (a set whose `Contents.json` or image bytes discovery reads).
  func forgetDiscovery() {
    lock.lock()
    discovered = nil
    lock.unlock()
  }
}
