// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster
import IconSupport

/// The per-user measurement cache: one icon's measurements stored under the SHA-256 of its files'
/// bytes and of everything that changes them (``CachedMeasurement/key(files:digests:options:)``), so
/// that an unchanged catalog is measured once. Rules never come from the cache: they run afresh on
/// the measurements.
///
/// On disk: packs, `DIR/pack-<16 hex digits>.iacache`, each written once by one run (``flush()``)
/// and never changed: a header (an 8-byte magic, the record count, a checksum of the table), a
/// table of records (key, offset, length, checksum), then the records (each its key again, then
/// the payload). A file an icon would cost an inode an icon: on this machine's busy ext4, 4.4 s of
/// system time to fill a cache of 10,000 icons, against one file a run here. A pack is written to a
/// temporary file and renamed into place, so readers see a whole pack or none, and two audits at
/// once each add their own. A pack whose header or table is wrong, or a record whose checksum or key
/// is wrong (truncated, corrupt, foreign), is ignored (counted in ``Statistics/ignored``); its icons
/// are measured again and written into the run's new pack, which shadows it (newer packs win), and
/// the next compaction leaves it out. Nothing here fails an audit: a directory that cannot be
/// created, read or written (read only, full) only costs the measuring again (counted in
/// ``Statistics/notWritten``).
///
/// Size: when more than ``maximumPacks`` packs are readable, or they hold more than the size limit,
/// the run that just wrote merges them into one pack, newest records first, up to 90% of the limit
/// (the records left out, oldest first, are counted in ``Statistics/evicted``), and removes the
/// packs it merged.
///
/// Cost: the tables of every pack are read once a run (52 bytes a record: 0.5 MB for 10,000
/// icons), each record when its icon is looked up (`pread`).
public final class MeasurementCache: @unchecked Sendable {
  /// The default directory: `$XDG_CACHE_HOME/iconaudit`, else `~/.cache/iconaudit`; nil when neither
  /// is known (then nothing is cached).
  public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/iconaudit" }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.cache/iconaudit"
  }

  /// The default size limit: 256 MiB of packs (a 48 px icon's record is about 1.5 KB).
  public static let defaultSizeLimitBytes = 256 << 20
  /// Packs kept before they are merged into one.
  public static let maximumPacks = 8

  /// What one run did with the cache, for `--verbose`.
  public struct Statistics: Sendable, Equatable {
    /// Icons whose measurements were read from the cache.
    public var hits = 0
    /// Icons measured (not in the cache, or their record ignored).
    public var misses = 0
    /// Records written.
    public var written = 0
    /// Packs or records found but ignored: truncated, corrupt, of another format or key (the icons
    /// are then measured again and rewritten).
    public var ignored = 0
    /// Records that could not be written (a read-only or full directory).
    public var notWritten = 0
    /// Records left out to keep the cache under its size limit.
    public var evicted = 0
    /// Files not read: their digest came from their stat (``FileDigestIndex``).
    public var knownByStat = 0
    /// Rules' results read from the cache (``RuleResultStore``: e.g. pairs of drawings not compared again).
    public var ruleResultsRead = 0
    /// Rules' results written (not counted in ``written``, which counts icons' entries).
    public var ruleResultsWritten = 0
  }

  /// The cache's directory.
  public let directory: String
  public let sizeLimitBytes: Int
  private let lock = NSLock()
  private var statistics = Statistics()
  private var memo: [[UInt8]: [UInt8]] = [:]
  private let keepsMemo: Bool
  /// With a memo: drawings rules read back, by content key (``keptDrawing(_:)``), and their bytes.
  private var drawings: [[UInt8]: CompactMask] = [:]
  /// With a memo: images measured in this run whose alpha is their drawing, by content key, made a
  /// ``CompactMask`` when a rule first asks for one (most are never asked for; their pixels are the
  /// decoded image's, not a copy).
  private var imagesOfDrawings: [[UInt8]: RGBAImage] = [:]
  private var drawingBytes = 0
  /// At most this many bytes of drawings kept (the 894 contents of a 20-revision history of 500
  /// icons at 66 px are 3.9 MB; the first drawings kept stay).
  static let drawingBudgetBytes = 64 << 20
  /// False for ``memoryOnly()``: nothing read from or written to disk.
  private let persistent: Bool

  /// A readable pack: its path, open descriptor and size, and its bytes once read whole.
  private struct Pack {
    var path: String
    var fd: Int32
    var bytes: Int
    /// The whole pack, read with one `pread` when its first record is wanted (packs up to
    /// ``wholeReadLimitBytes``); nil before, or when it could not be read whole (then a record
    /// at a time).
    var contents: [UInt8]?
    var triedWhole = false
  }
  /// Packs up to this size are read whole on their first lookup: a warm audit wants most records
  /// of its pack, and a `pread` a record was 0.04 s of CPU for 10,000 icons (against about 0.005 s
  /// for one read of their 15 MB pack). Larger packs (a cache merged near its size limit, of which
  /// a run may want a few records) are read a record at a time.
  static let wholeReadLimitBytes = 64 << 20
  /// A record's 32-byte key as four words: hashed and compared without an array a record (the
  /// tables of a 10,000-icon cache were indexed in 0.04 s of CPU with `[UInt8]` keys).
  struct RecordKey: Hashable {
    var words: (UInt64, UInt64, UInt64, UInt64)
    init(_ raw: UnsafeRawBufferPointer) {
      words = (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
               raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }
    /// nil unless `key` has 32 bytes.
    init?(_ key: [UInt8]) {
      guard key.count == 32 else { return nil }
      self = key.withUnsafeBytes { RecordKey($0) }
    }
    var bytes: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }
    static func == (a: RecordKey, b: RecordKey) -> Bool { a.words == b.words }
    func hash(into hasher: inout Hasher) {
      hasher.combine(words.0)
      hasher.combine(words.1)
      hasher.combine(words.2)
      hasher.combine(words.3)
    }
  }
  private struct Record {
    var pack: Int
    var offset: Int
    var length: Int
    var checksum: UInt64
  }
  private var packs: [Pack] = []
  private var index = RecordTable<Record>()
  private var badPacks: [String] = []
  private var loaded = false
  /// The latest modification time (seconds, nanoseconds) of the packs read: a pack this run
  /// writes is dated after it (``dateAfterPacksRead(_:)``), since the next run takes the newer
  /// of two records by their packs' dates.
  private var newestPackTime = (seconds: Int.min, nanoseconds: 0)
  private var pending: [[UInt8]: [UInt8]] = [:]
  /// The keys in `pending` that are rules' results, not icons' measurements (counted apart).
  private var pendingRuleResults = Set<[UInt8]>()
  /// The content digests of files known by their stat (``FileDigestIndex``); nil in memory.
  let digests: FileDigestIndex?
  /// The folders of the files looked up by their stat, held open for `fstatat`.
  private let folders = FolderHandles()
  /// The key's first part for the options it was made for (``CachedMeasurement/keyPrefix(_:)``).
  private var keyPrefix: (context: CachedMeasurement.KeyContext, bytes: [UInt8], hasher: SHA256)?

  /// - Parameter memo: keep every payload read or written in memory as well (a history run audits
  ///   the same icons at many revisions).
  /// - Parameter statMarginSeconds: ``FileDigestIndex/racyMarginSeconds``, 2 s (tests pass a negative
  ///   margin to have the files they just wrote known by their stat).
  public init(directory: String, sizeLimitBytes: Int = MeasurementCache.defaultSizeLimitBytes, memo: Bool = false,
              statMarginSeconds: Int64 = 2) {
    self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    self.sizeLimitBytes = max(sizeLimitBytes, 0)
    self.keepsMemo = memo
    self.persistent = true
    digests = FileDigestIndex(directory: self.directory, marginSeconds: statMarginSeconds)
  }

  private init(memoryOnlyWithLimit sizeLimitBytes: Int) {
    directory = "(memory)"
    self.sizeLimitBytes = sizeLimitBytes
    keepsMemo = true
    persistent = false
    digests = nil
  }

  deinit {
    for pack in packs { close(pack.fd) }
  }

  /// A cache held in memory for one run (`history --no-cache`: a file unchanged between revisions
  /// is still measured once), never written.
  public static func memoryOnly() -> MeasurementCache { MeasurementCache(memoryOnlyWithLimit: 0) }

  /// Whether drawings are kept by content key (``keepDrawing(_:for:)``): with a memo (a history).
  public var keepsDrawings: Bool { keepsMemo }

  /// A drawing a rule read back earlier in this run, kept by content key (only with a memo: a
  /// history); nil otherwise.
  public func keptDrawing(_ contentKey: [UInt8]) -> CompactMask? {
    guard keepsMemo else { return nil }
    lock.lock()
    defer { lock.unlock() }
    if let drawing = drawings[contentKey] { return drawing }
    guard let image = imagesOfDrawings.removeValue(forKey: contentKey) else { return nil }
    let drawing = CompactMask(alphaOf: image)
    drawings[contentKey] = drawing
    drawingBytes -= image.pixels.count - drawing.bytes.count
    return drawing
  }

  /// Keeps an image measured in this run whose alpha is the drawing of the icon with `contentKey`
  /// (as its loader would read it back), for rules of this run (only with a memo, within
  /// ``drawingBudgetBytes``, its pixels counted).
  func keepDrawing(alphaOf image: RGBAImage, for contentKey: [UInt8]) {
    admitDrawing(contentKey, bytes: image.pixels.count) { imagesOfDrawings[contentKey] = image }
  }

  /// Keeps a drawing a rule read back, by content key, for the rest of this run (only with a memo,
  /// within ``drawingBudgetBytes``).
  public func keepDrawing(_ drawing: CompactMask, for contentKey: [UInt8]) {
    admitDrawing(contentKey, bytes: drawing.bytes.count) { drawings[contentKey] = drawing }
  }

  /// Runs `store` (under the lock) and counts `bytes` when a drawing of `contentKey` may be kept:
  /// with a memo, none kept yet in either form, and within ``drawingBudgetBytes``.
  private func admitDrawing(_ contentKey: [UInt8], bytes: Int, _ store: () -> Void) {
    guard keepsMemo else { return }
    lock.lock()
    defer { lock.unlock() }
    guard drawings[contentKey] == nil, imagesOfDrawings[contentKey] == nil,
      drawingBytes + bytes <= Self.drawingBudgetBytes
    else { return }
    store()
    drawingBytes += bytes
  }

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

  static let magic: [UInt8] = Array("IAMCPAK2".utf8)
  static let headerSize = 8 + 4 + 8
  static let tableEntrySize = 32 + 8 + 4 + 8

  /// The payload stored under `key`, or nil (absent, or ignored: then counted).
  /// - Complexity: O(1) after the tables are read (once a run); one `pread` of the record.
  func payload(_ key: [UInt8]) -> [UInt8]? {
    payloadInPlace(key).map { Array($0) }
  }

  /// ``payload(_:)`` as a slice of the pack read whole when it was (not copied out of it: a warm
  /// 10,000-icon audit copied its 14 MB pack a record at a time), else of the bytes read.
  func payloadInPlace(_ key: [UInt8]) -> ArraySlice<UInt8>? {
    lock.lock()
    if let memoised = memo[key] {
      lock.unlock()
      return memoised[...]
    }
    guard persistent else {
      lock.unlock()
      return nil
    }
    if !loaded { loadTables() }
    let record = RecordKey(key).flatMap { index[$0] }
    if let record, !packs[record.pack].triedWhole {
      packs[record.pack].triedWhole = true
      let pack = packs[record.pack]
      if pack.bytes <= Self.wholeReadLimitBytes { packs[record.pack].contents = Self.readExactly(fd: pack.fd, offset: 0, count: pack.bytes) }
    }
    let fd = record.map { packs[$0.pack].fd }
    let contents = record.flatMap { packs[$0.pack].contents }
    lock.unlock()
    guard let record, let fd else { return nil }
    let read: ArraySlice<UInt8>?
    if let contents {
      read = Self.recordPayload(in: contents, record.offset, record.length, checksum: record.checksum, key: key)
    } else {
      read = Self.readRecord(fd: fd, record.offset, record.length, checksum: record.checksum, key: key)?[...]
    }
    guard let payload = read else {
      count { $0.ignored += 1 }
      return nil
    }
    if keepsMemo {
      lock.lock()
      memo[key] = Array(payload)
      lock.unlock()
    }
    return payload
  }

  /// The content digests of `files` and their versions, when the digest index knows every one by
  /// its stat (then none is read); nil otherwise.
  func knownDigests(_ files: [IconFile], limits: DecodeLimits) -> [(version: FileVersion, digest: [UInt8])]? {
    guard let digests else { return nil }
    var known: [(version: FileVersion, digest: [UInt8])] = []
    known.reserveCapacity(files.count)
    for file in files {
      let limit = file.kind == .png ? limits.maxFileBytes : min(limits.maxFileBytes, limits.maxVectorFileBytes)
      guard let observation = FileDigestIndex.Observation(path: file.path, folders: folders),
            let digest = digests.digest(observation, limit: limit) else {
        return nil
      }
      known.append((observation.version, digest))
    }
    count { $0.knownByStat += files.count }
    return known
  }

  /// The key's first part for `options` (the same for every icon of a run, made once).
  func keyPrefix(_ options: MeasurementOptions) -> [UInt8] {
    keyStart(options).bytes
  }

  /// ``keyPrefix(_:)`` and a hasher that has read it (``CachedMeasurement/prefixHasher(_:)``), made once.
  func keyStart(_ options: MeasurementOptions) -> (bytes: [UInt8], hasher: SHA256) {
    let context = CachedMeasurement.KeyContext(options)
    lock.lock()
    if let keyPrefix, keyPrefix.context == context {
      lock.unlock()
      return (keyPrefix.bytes, keyPrefix.hasher)
    }
    lock.unlock()
    let bytes = CachedMeasurement.keyPrefix(options)
    let hasher = CachedMeasurement.prefixHasher(bytes)
    lock.lock()
    keyPrefix = (context, bytes, hasher)
    lock.unlock()
    return (bytes, hasher)
  }

  /// A record's payload, when its bytes are whole, its checksum right and its key `key`.
  private static func readRecord(fd: Int32, _ offset: Int, _ length: Int, checksum: UInt64, key: [UInt8]) -> [UInt8]? {
    guard length >= 32, let bytes = readExactly(fd: fd, offset: offset, count: length) else { return nil }
    return readRecord(in: bytes, 0, length, checksum: checksum, key: key)
  }

  /// ``readRecord(fd:_:_:checksum:key:)`` from a pack's bytes in memory (the whole pack, or the record).
  private static func readRecord(in bytes: [UInt8], _ offset: Int, _ length: Int, checksum: UInt64, key: [UInt8]) -> [UInt8]? {
    recordPayload(in: bytes, offset, length, checksum: checksum, key: key).map { Array($0) }
  }

  /// The payload of the record at `offset` in `bytes`, in place, when its bytes are whole, its
  /// checksum right and its key `key`.
  private static func recordPayload(in bytes: [UInt8], _ offset: Int, _ length: Int, checksum: UInt64,
                                    key: [UInt8]) -> ArraySlice<UInt8>? {
    guard length >= 32, offset >= 0, offset <= bytes.count - length, key.count == 32 else { return nil }
    let whole = bytes.withUnsafeBytes { raw -> Bool in
      let record = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)])
      return Self.checksum(record) == checksum && key.withUnsafeBytes({ memcmp($0.baseAddress!, record.baseAddress!, 32) == 0 })
    }
    return whole ? bytes[(offset + 32)..<(offset + length)] : nil
  }

  private static func readExactly(fd: Int32, offset: Int, count: Int) -> [UInt8]? {
    var done = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while done < count {
        let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        done += n
      }
      // Bytes not read are zeroed (the array is then refused below).
      if done < count { (buffer.baseAddress! + done).initialize(repeating: 0, count: count - done) }
      initialized = count
    }
    return done == count ? bytes : nil
  }

  /// Reads the table of every pack in the directory, oldest first (newer records win). Called
  /// under `lock`.
  private func loadTables() {
    loaded = true
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    var found: [(path: String, modified: Int, nanoseconds: Int)] = []
    for name in names where name.hasPrefix("pack-") && name.hasSuffix(".iacache") {
      let path = directory + "/" + name
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      #if canImport(Darwin)
      found.append((path, info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec))
      #else
      found.append((path, info.st_mtim.tv_sec, info.st_mtim.tv_nsec))
      #endif
    }
    found.sort { ($0.modified, $0.nanoseconds, $0.path) < ($1.modified, $1.nanoseconds, $1.path) }
    for file in found { _ = addPack(file.path) }
    if let last = found.last { newestPackTime = (last.modified, last.nanoseconds) }
  }

  /// Dates the pack just written at `path` after every pack this run read (one nanosecond after
  /// the newest when the file system gave it the same or an earlier time: file times come from a
  /// clock that ticks every few milliseconds, and a run that repaired a record in a pack written
  /// within the same tick would otherwise see its repair lose, by the packs' random names, to the
  /// record it replaced). Called under `lock`.
  private func dateAfterPacksRead(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return }
    #if canImport(Darwin)
    var written = (seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: Int(info.st_mtimespec.tv_nsec))
    #else
    var written = (seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
    #endif
    if written <= newestPackTime {
      written = newestPackTime.nanoseconds < 999_999_999 ? (newestPackTime.seconds, newestPackTime.nanoseconds + 1)
        : (newestPackTime.seconds + 1, 0)
      let date = timespec(tv_sec: written.seconds, tv_nsec: written.nanoseconds)
      var times = [date, date]
      guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { return }
    }
    newestPackTime = written
  }

  /// Opens a pack and indexes its table; a pack that cannot be read is left alone, one whose
  /// header or table is wrong is counted and remembered for removal. Called under `lock`.
  private func addPack(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }  // removed meanwhile by another run's merge
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      close(fd)
      return false
    }
    let size = Int(info.st_size)
    func bad() -> Bool {
      close(fd)
      statistics.ignored += 1
      badPacks.append(path)
      return false
    }
    guard size >= Self.headerSize, let header = Self.readExactly(fd: fd, offset: 0, count: Self.headerSize),
          Array(header[0..<8]) == Self.magic else { return bad() }
    let count = Int(Self.uint(header, 8, 4))
    let tableSum = Self.uint(header, 12, 8)
    let tableBytes = count * Self.tableEntrySize
    guard Self.headerSize + tableBytes <= size, let table = Self.readExactly(fd: fd, offset: Self.headerSize, count: tableBytes),
          Self.checksum(table) == tableSum else { return bad() }
    let packIndex = packs.count
    packs.append(Pack(path: path, fd: fd, bytes: size))
    index.reserveCapacity(index.count + count)
    table.withUnsafeBytes { raw in
      func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
      for i in 0..<count {
        let at = i * Self.tableEntrySize
        let key = RecordKey(UnsafeRawBufferPointer(rebasing: raw[at..<(at + 32)]))
        let offset = Int(word(at + 32)), length = Int(word(at + 40) & 0xffff_ffff)
        // A record past the end of the file (a truncated pack) is ignored when it is read.
        index[key] = Record(pack: packIndex, offset: offset, length: length, checksum: word(at + 44))
      }
    }
    return true
  }

  static func uint(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in 0..<width { value |= UInt64(bytes[at + i]) << UInt64(8 * i) }
    return value
  }

  static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * i))) }
  }

  /// A 64-bit checksum against truncation and corruption (not against forgery: whoever can write
  /// the cache can write any record): eight bytes at a time (little-endian words, the last one
  /// padded with zeros), each xored into the state, which is then multiplied by an odd constant
  /// and xor-shifted; the length first, a final mix last. Each step is a bijection of the state for
  /// a given word, so a change to one word always changes the result; FNV-1a a byte took 7× longer
  /// (the pack format before, `IAMCPAK1`).
  /// - Complexity: O(n), n/8 multiplications.
  static func checksum(_ bytes: some Collection<UInt8>) -> UInt64 {
    if let sum = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) { return sum }
    return Array(bytes).withUnsafeBytes { checksum($0) }
  }

  static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
    var at = 0
    @inline(__always) func mix(_ word: UInt64) {
      h = (h ^ word) &* 0x9e37_79b9_7f4a_7c15
      h ^= h >> 29
    }
    while raw.count - at >= 8 {
      mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
      at += 8
    }
    var tail: UInt64 = 0
    for i in at..<raw.count { tail |= UInt64(raw[i]) << UInt64(8 * (i - at)) }
    mix(tail)
    h ^= h >> 33
    h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33
    return h
  }

  /// A pack of `records` (key, payload), in this order.
  static func pack(_ records: [(key: [UInt8], payload: [UInt8])]) -> [UInt8] {
    var table: [UInt8] = []
    table.reserveCapacity(records.count * tableEntrySize)
    var body: [UInt8] = []
    var offset = headerSize + records.count * tableEntrySize
    for record in records {
      let bytes = record.key + record.payload
      table += record.key
      append(UInt64(offset), width: 8, to: &table)
      append(UInt64(bytes.count), width: 4, to: &table)
      append(checksum(bytes), width: 8, to: &table)
      body += bytes
      offset += bytes.count
    }
    var out = magic
    append(UInt64(records.count), width: 4, to: &out)
    append(checksum(table), width: 8, to: &out)
    return out + table + body
  }

  /// Keeps `payload` for this run's pack (written by ``flush()``); `isRuleResult`: a rule's result
  /// (``RuleResultStore``), counted apart from the icons' entries.
  ///
  /// With a memo, a payload another thread of this run stored meanwhile under the same key (it
  /// missed it too: two files of one content, a pair compared by both lanes of a history) is
  /// counted as the lookup that a serial run would have found it with (a hit, a rule result
  /// read) and not written twice, so that `--verbose`'s counts do not depend on timing.
  func store(_ key: [UInt8], payload: [UInt8], isRuleResult: Bool = false) {
    lock.lock()
    if keepsMemo, let stored = memo[key], stored == payload {
      if isRuleResult {
        statistics.ruleResultsRead += 1
      } else {
        statistics.misses -= 1
        statistics.hits += 1
      }
      lock.unlock()
      return
    }
    if keepsMemo { memo[key] = payload }
    if persistent {
      pending[key] = payload
      if isRuleResult { pendingRuleResults.insert(key) }
    }
    lock.unlock()
  }

  /// Writes the records stored since the last flush as one pack (a temporary file renamed into
  /// place), then merges the packs when there are too many or they are over the size limit. Call
  /// once the icons are measured; failures are counted, never thrown.
  /// - Complexity: O(b) for the b bytes written; a merge reads and writes every record once.
  public func flush() {
    digests?.flush()
    lock.lock()
    defer { lock.unlock() }
    guard persistent, !pending.isEmpty else { return }
    if !loaded { loadTables() }
    let records = pending.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { (key: $0, payload: pending[$0]!) }
    let ruleResults = pendingRuleResults.count
    pending.removeAll()
    pendingRuleResults.removeAll()
    guard let path = write(Self.pack(records)) else {
      statistics.notWritten += records.count - ruleResults
      return
    }
    statistics.written += records.count - ruleResults
    statistics.ruleResultsWritten += ruleResults
    dateAfterPacksRead(path)
    _ = addPack(path)
    let total = packs.reduce(0) { $0 + $1.bytes }
    if packs.count > Self.maximumPacks || total > sizeLimitBytes || !badPacks.isEmpty { merge() }
  }

  /// Writes bytes to a new pack file; its path, or nil when it could not be written.
  private func write(_ bytes: [UInt8]) -> String? {
    let name = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let target = directory + "/pack-\(String(repeating: "0", count: 16 - name.count) + name).iacache"
    return Self.writeAtomically(bytes, to: target, directory: directory) ? target : nil
  }

  /// Writes bytes to `target` in the cache's `directory` (made, with its `CACHEDIR.TAG`, when
  /// missing) through a temporary file renamed into place; false when it could not be written.
  static func writeAtomically(_ bytes: [UInt8], to target: String, directory: String) -> Bool {
    guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return false }
    if !FileManager.default.fileExists(atPath: directory + "/CACHEDIR.TAG") {
      let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# This directory holds iconaudit's measurement cache (safe to delete).\n"
      try? Data(tag.utf8).write(to: URL(fileURLWithPath: directory + "/CACHEDIR.TAG"), options: .atomic)
    }
    let temporary = directory + "/.tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    var done = 0
    var failed = false
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { raw in Foundation.write(fd, raw.baseAddress! + done, bytes.count - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        failed = true
        break
      }
      done += n
    }
    if close(fd) != 0 { failed = true }
    if failed || rename(temporary, target) != 0 {
      unlink(temporary)
      return false
    }
    return true
  }

  /// Merges every readable pack into one, newest records first, up to 90% of the size limit; then
  /// removes the packs merged and those found corrupt. Called under `lock`.
  private func merge() {
    // Newest pack first; within a pack, table order.
    var seen = Set<RecordKey>()
    var kept: [(key: [UInt8], payload: [UInt8])] = []
    var bytes = 0
    var evicted = 0
    let byPack = Dictionary(grouping: index.entries, by: { $0.value.pack })
    for packIndex in packs.indices.reversed() {
      for (key, record) in (byPack[packIndex] ?? []).sorted(by: { $0.value.offset < $1.value.offset }) where !seen.contains(key) {
        seen.insert(key)
        guard let payload = Self.readRecord(fd: packs[packIndex].fd, record.offset, record.length, checksum: record.checksum,
                                            key: key.bytes) else {
          continue
        }
        let size = Self.tableEntrySize + 32 + payload.count
        if bytes + size > sizeLimitBytes * 9 / 10 {
          evicted += 1
          continue
        }
        bytes += size
        kept.append((key.bytes, payload))
      }
    }
    guard let merged = write(Self.pack(kept.reversed())) else { return }
    statistics.evicted += evicted
    for pack in packs {
      close(pack.fd)
      unlink(pack.path)
    }
    for path in badPacks { unlink(path) }
    packs = []
    index = RecordTable()
    badPacks = []
    _ = addPack(merged)
    // Temporary files left by an interrupted writer more than an hour ago.
    let now = time(nil)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(".tmp-") {
      var info = stat()
      let path = directory + "/" + name
      #if canImport(Darwin)
      if lstat(path, &info) == 0, now - info.st_mtimespec.tv_sec > 3600 { unlink(path) }
      #else
      if lstat(path, &info) == 0, now - info.st_mtim.tv_sec > 3600 { unlink(path) }
      #endif
    }
  }
}
