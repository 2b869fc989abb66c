// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// The per-user measurement cache: one icon's measurements stored under the SHA-256 of its files'
/// bytes and of everything that changes them (``CachedMeasurement/key(files:options:)``), so that an
/// unchanged catalog is measured once. Rules never come from the cache: they run afresh on the
/// measurements.
///
/// On disk: `DIR/<2 hex digits>/<64 hex digits>` (the key), one file an entry: an 8-byte magic, the
/// key again, the payload's length and a 64-bit checksum, then the payload. An entry is written to a
/// temporary file in its folder and renamed into place (readers see a whole entry or none; two
/// audits writing one entry write the same bytes). An entry that is truncated, corrupt, of another
/// format or under another key is ignored (counted in ``Statistics/ignored``), measured again and
/// rewritten. Nothing here fails an audit: a directory that cannot be created, read or written (read
/// only, full) only costs the measuring again (counted in ``Statistics/notWritten``).
///
/// Size: each of the 256 folders is kept under `sizeLimitBytes / 256` after an audit that wrote into
/// it, the oldest entries (by modification time) removed first; an entry read more than a day after
/// it was last written or read is touched, so oldest means least recently used to within a day.
/// Keys are uniformly spread, so the folders fill alike. Cost of that check: one `stat` per entry of
/// the folders written into.
public final class MeasurementCache: @unchecked Sendable {
  /// The default directory: `$XDG_CACHE_HOME/iconaudit`, else `~/.cache/iconaudit`; nil when neither
  /// is known (then nothing is cached).
  public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/iconaudit" }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.cache/iconaudit"
  }

  /// The default size limit: 256 MiB of entries (a 48 px icon's entry is about 1.3 KB).
  public static let defaultSizeLimitBytes = 256 << 20

  /// What one run did with the cache, for `--verbose`.
  public struct Statistics: Sendable, Equatable {
    /// Icons whose measurements were read from the cache.
    public var hits = 0
    /// Icons measured (not in the cache, or their entry ignored).
    public var misses = 0
    /// Entries written.
    public var written = 0
    /// Entries found but ignored: truncated, corrupt, of another format or key (then rewritten).
    public var ignored = 0
    /// Entries that could not be written (a read-only or full directory).
    public var notWritten = 0
    /// Entries removed to keep the cache under its size limit.
    public var evicted = 0
  }

  /// The cache's directory.
  public let directory: String
  public let sizeLimitBytes: Int
  private let lock = NSLock()
  private var statistics = Statistics()
  private var touchedFolders = Set<String>()
  private var memo: [[UInt8]: [UInt8]] = [:]
  private let keepsMemo: Bool
  /// False for ``memoryOnly()``: nothing read from or written to disk.
  private let persistent: Bool
  private var directoryReady: Bool?

  /// - Parameter memo: keep every payload read or written in memory as well (a history run audits
  ///   the same icons at many revisions).
  public init(directory: String, sizeLimitBytes: Int = MeasurementCache.defaultSizeLimitBytes, memo: Bool = false) {
    self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    self.sizeLimitBytes = max(sizeLimitBytes, 0)
    self.keepsMemo = memo
    self.persistent = true
  }

  private init(memoryOnlyWithLimit sizeLimitBytes: Int) {
    directory = "(memory)"
    self.sizeLimitBytes = sizeLimitBytes
    keepsMemo = true
    persistent = false
  }

  /// A cache held in memory for one run (`history --no-cache`: a file unchanged between revisions
  /// is still measured once), never written.
  public static func memoryOnly() -> MeasurementCache { MeasurementCache(memoryOnlyWithLimit: 0) }

  /// What this cache did so far.
  public var stats: Statistics {
    lock.lock()
    defer { lock.unlock() }
    return statistics
  }

  func count(_ update: (inout Statistics) -> Void) {
    lock.lock()
    update(&statistics)
    lock.unlock()
  }

  static let magic: [UInt8] = Array("IAMCACH1".utf8)
  static let headerSize = 8 + 32 + 4 + 8

  private func folder(_ key: [UInt8]) -> String { directory + "/" + [key[0]].hexString }
  private func path(_ key: [UInt8]) -> String { folder(key) + "/" + key.hexString }

  /// The payload stored under `key`, or nil (absent, or ignored: then counted).
  /// - Complexity: one open, `fstat` and read of the entry.
  func payload(_ key: [UInt8]) -> [UInt8]? {
    if keepsMemo {
      lock.lock()
      let memoised = memo[key]
      lock.unlock()
      if let memoised { return memoised }
    }
    guard persistent else { return nil }
    let entryPath = path(key)
    let fd = open(entryPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int(info.st_size)
    guard size >= Self.headerSize, size <= 64 << 20 else {
      count { $0.ignored += 1 }
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let n = bytes.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress! + done, size - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      done += n
    }
    guard done == size, let payload = Self.unwrap(bytes, key: key) else {
      count { $0.ignored += 1 }
      return nil
    }
    // Recency: an entry used again more than a day after it was last touched is touched now.
    #if canImport(Darwin)
    let modified = info.st_mtimespec.tv_sec
    #else
    let modified = info.st_mtim.tv_sec
    #endif
    if time(nil) - modified > 86_400 { _ = futimens(fd, nil) }
    if keepsMemo {
      lock.lock()
      memo[key] = payload
      lock.unlock()
    }
    return payload
  }

  /// The payload of a whole entry, when its header is right for `key`.
  static func unwrap(_ bytes: [UInt8], key: [UInt8]) -> [UInt8]? {
    guard bytes.count >= headerSize, Array(bytes[0..<8]) == magic, Array(bytes[8..<40]) == key else { return nil }
    var length = 0
    for i in 0..<4 { length |= Int(bytes[40 + i]) << (8 * i) }
    var sum: UInt64 = 0
    for i in 0..<8 { sum |= UInt64(bytes[44 + i]) << UInt64(8 * i) }
    guard bytes.count == headerSize + length else { return nil }
    let payload = Array(bytes[headerSize...])
    return checksum(payload) == sum ? payload : nil
  }

  /// A whole entry: header then payload.
  static func wrap(_ payload: [UInt8], key: [UInt8]) -> [UInt8] {
    var bytes = magic + key
    bytes.reserveCapacity(headerSize + payload.count)
    let length = UInt32(payload.count)
    for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: length >> UInt32(8 * i))) }
    let sum = checksum(payload)
    for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: sum >> UInt64(8 * i))) }
    return bytes + payload
  }

  /// A 64-bit checksum against truncation and corruption (not against forgery: whoever can write
  /// the cache can write any entry): FNV-1a over the bytes, then a final mix.
  /// - Complexity: O(n).
  static func checksum(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      h ^= UInt64(byte)
      h = h &* 0x0000_0100_0000_01b3
    }
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    return h
  }

  /// Stores `payload` under `key` (a temporary file renamed into place); a failure is counted, never
  /// thrown.
  func store(_ key: [UInt8], payload: [UInt8]) {
    if keepsMemo {
      lock.lock()
      memo[key] = payload
      lock.unlock()
    }
    guard persistent else { return }
    let folderPath = folder(key)
    guard prepareDirectory(), ensureFolder(folderPath) else {
      count { $0.notWritten += 1 }
      return
    }
    let temporary = folderPath + "/.tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let bytes = Self.wrap(payload, key: key)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      count { $0.notWritten += 1 }
      return
    }
    var done = 0
    var failed = false
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        failed = true
        break
      }
      done += n
    }
    if close(fd) != 0 { failed = true }
    if failed || rename(temporary, path(key)) != 0 {
      unlink(temporary)
      count { $0.notWritten += 1 }
      return
    }
    count { $0.written += 1 }
    lock.lock()
    touchedFolders.insert(folderPath)
    lock.unlock()
  }

  /// Creates the cache directory once (with a CACHEDIR.TAG, so backup tools skip it).
  private func prepareDirectory() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if let directoryReady { return directoryReady }
    var ready = (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
    var isDirectory: ObjCBool = false
    ready = ready && FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
    if ready && !FileManager.default.fileExists(atPath: directory + "/CACHEDIR.TAG") {
      let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# This directory holds iconaudit's measurement cache (safe to delete).\n"
      try? Data(tag.utf8).write(to: URL(fileURLWithPath: directory + "/CACHEDIR.TAG"), options: .atomic)
    }
    directoryReady = ready
    return ready
  }

  private func ensureFolder(_ path: String) -> Bool {
    if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
    return false
  }

  /// Keeps every folder written into under its share of the size limit, oldest entries first (also
  /// removes temporary files left by an interrupted writer more than an hour ago). Call once an audit
  /// is done.
  /// - Complexity: O(e log e) for the e entries of the folders written into.
  public func evictIfNeeded() {
    lock.lock()
    let folders = touchedFolders.sorted()
    touchedFolders.removeAll()
    lock.unlock()
    let share = sizeLimitBytes / 256
    var removed = 0
    for folder in folders {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
      var entries: [(path: String, size: Int, modified: Int, nanoseconds: Int)] = []
      var total = 0
      let now = time(nil)
      for name in names {
        let entry = folder + "/" + name
        var info = stat()
        guard lstat(entry, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        #if canImport(Darwin)
        let (seconds, nanoseconds) = (info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec)
        #else
        let (seconds, nanoseconds) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
        #endif
        if name.hasPrefix(".tmp-") {
          if now - seconds > 3600 { unlink(entry) }
          continue
        }
        entries.append((entry, Int(info.st_size), seconds, nanoseconds))
        total += Int(info.st_size)
      }
      guard total > share else { continue }
      entries.sort { ($0.modified, $0.nanoseconds, $0.path) < ($1.modified, $1.nanoseconds, $1.path) }
      // Down to 90% of the share, so that the next audit does not evict again at once.
      for entry in entries where total > share * 9 / 10 {
        if unlink(entry.path) == 0 {
          total -= entry.size
          removed += 1
        }
      }
    }
    if removed > 0 { count { $0.evicted += removed } }
  }
}
