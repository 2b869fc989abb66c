// SPDX-License-Identifier: GPL-3.0-or-later
import AuditFrontend
import Foundation
import Guidelines
import IconRaster
import Testing

/// The measurement cache's digest index (FileDigestIndex): a file whose stat is unchanged is not
/// read again; any change to it (its bytes, even with its size and modification time put back)
/// is read and measured again; a file written in the last seconds is not trusted by its stat.
@Suite(.serialized) struct FileDigestIndexTests {
  /// One measuring run of `folder` through a cache in `cache` (a new cache object, as a new process
  /// would have), its icons' measurements and what the cache did.
  func run(_ folder: String, cache directory: String, marginSeconds: Int64) -> (icons: [String], stats: MeasurementCache.Statistics) {
    let cache = MeasurementCache(directory: directory, statMarginSeconds: marginSeconds)
    var options = MeasurementOptions()
    options.cache = cache
    let measured = MeasurementPipeline.run(paths: [folder], options: options)
    return (measured.icons.map { "\($0.path) \($0.metrics)" }, cache.stats)
  }

  @Test func unchangedFilesAreKnownByTheirStatAndChangedOnesAreRead() throws {
    let root = try makeTemporaryFolder("digest-index")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    let cache = root + "/cache"
    // A negative margin: the files just written are recorded (a real run waits 2 s).
    let first = run(root + "/Icons", cache: cache, marginSeconds: -3600)
    #expect(first.stats.misses == 8 && first.stats.knownByStat == 0)
    let second = run(root + "/Icons", cache: cache, marginSeconds: -3600)
    #expect(second.icons == first.icons)
    #expect(second.stats.hits == 8 && second.stats.knownByStat == 8 && second.stats.misses == 0)

    // The larger of g3 and g5 gets the other's drawing, padded to its size (bytes after IEND are
    // ignored), and its modification time back: its status change time still tells it changed,
    // so it is read, found new, and measured.
    let g3 = root + "/Icons/g3@2x.png", g5 = root + "/Icons/g5@2x.png"
    let size3 = try Data(contentsOf: URL(fileURLWithPath: g3)).count, size5 = try Data(contentsOf: URL(fileURLWithPath: g5)).count
    let (target, source) = size3 >= size5 ? (g3, g5) : (g5, g3)
    var before = stat()
    #expect(stat(target, &before) == 0)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
    bytes += [UInt8](repeating: 0, count: Int(before.st_size) - bytes.count)
    usleep(20_000)
    try Data(bytes).write(to: URL(fileURLWithPath: target))
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, target, &times, 0) == 0)
    var after = stat()
    #expect(stat(target, &after) == 0)
    #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
            && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    let third = run(root + "/Icons", cache: cache, marginSeconds: -3600)
    #expect(third.stats.knownByStat == 7 && third.stats.misses == 1, "\(third.stats)")
    let uncached = MeasurementPipeline.run(paths: [root + "/Icons"], options: MeasurementOptions())
    #expect(third.icons == uncached.icons.map { "\($0.path) \($0.metrics)" })
    #expect(third.icons != first.icons)
  }

  @Test func filesWrittenInTheLastSecondsAreNotTrustedByTheirStat() throws {
    let root = try makeTemporaryFolder("digest-index-racy")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    let cache = root + "/cache"
    // Files changed within the margin are not recorded; the measurements are still found by the
    // files' contents. The margin is an hour, not the default 2 s, so that the test does not
    // depend on how fast a loaded machine runs the two audits (at 2 s it failed at load 10).
    _ = run(root + "/Icons", cache: cache, marginSeconds: 3600)
    let second = run(root + "/Icons", cache: cache, marginSeconds: 3600)
    #expect(second.stats.hits == 8 && second.stats.knownByStat == 0, "\(second.stats)")
    #expect(!FileManager.default.fileExists(atPath: cache + "/digests-\(geteuid()).iaindex"))
  }

  @Test func aCorruptIndexIsIgnored() throws {
    let root = try makeTemporaryFolder("digest-index-corrupt")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    let cache = root + "/cache"
    let first = run(root + "/Icons", cache: cache, marginSeconds: -3600)
    let index = cache + "/digests-\(geteuid()).iaindex"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: index)))
    #expect(bytes.count == 20 + 8 * 88)
    // A digest flipped: the checksum refuses the whole index, every file is read and hashed.
    bytes[bytes.count - 5] ^= 0x40
    try Data(bytes).write(to: URL(fileURLWithPath: index))
    let flipped = run(root + "/Icons", cache: cache, marginSeconds: -3600)
    #expect(flipped.icons == first.icons && flipped.stats.hits == 8 && flipped.stats.knownByStat == 0, "\(flipped.stats)")
    // Truncated, then empty.
    for cut in [bytes.count / 2, 0] {
      try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: index))
      let broken = run(root + "/Icons", cache: cache, marginSeconds: -3600)
      #expect(broken.icons == first.icons && broken.stats.hits == 8 && broken.stats.knownByStat == 0, "\(broken.stats)")
    }
  }
}
