// SPDX-License-Identifier: GPL-3.0-or-later
import AuditFrontend
import Foundation
import FamilyAnalysis
import Guidelines
import IconMetrics
import IconRaster
import Testing
import TestSupport

/// Rules' results kept in the measurement cache (``RuleResultStore``): `duplicate_icon`'s NCC of a
/// pair of drawings is computed once, read back by the next run (which then reads no drawing for
/// it), and gives the same findings as an uncached audit; a corrupt or foreign result is ignored,
/// counted, computed and written again.
@Suite(.serialized) struct RuleResultCacheTests {
  /// One audit of `folder` through a cache in `directory` (a new cache object, as a new process
  /// would have; nil: no cache), its findings and what the cache did.
  func audit(_ folder: String, cache directory: String?) throws -> (findings: [Finding], stats: MeasurementCache.Statistics?) {
    var options = MeasurementOptions()
    let cache = directory.map { MeasurementCache(directory: $0, statMarginSeconds: -3600) }
    options.cache = cache
    let result = try AuditFrontend.run(AuditRequest(paths: [folder], options: options))
    return (result.report.findings, cache?.stats)
  }

  @Test func aPairsCorrelationIsComputedOnceAndReadBackAfter() throws {
    let root = try makeTemporaryFolder("rule-results")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/TabBar"
    try writeFamily(folder, extra: [("copy", ExampleFamily.glyph(3))])
    let uncached = try audit(folder, cache: nil)
    #expect(uncached.findings.contains { $0.ruleId == "duplicate_icon" })
    let cold = try audit(folder, cache: root + "/cache")
    let written = try #require(cold.stats?.ruleResultsWritten)
    // 9 icons, 8 entries: the copy's bytes are g3's (one key).
    #expect(written >= 1 && cold.stats?.ruleResultsRead == 0 && cold.stats?.written == 8, "\(String(describing: cold.stats))")
    let warm = try audit(folder, cache: root + "/cache")
    #expect(warm.stats?.ruleResultsRead == written && warm.stats?.ruleResultsWritten == 0 && warm.stats?.ignored == 0,
            "\(String(describing: warm.stats))")
    #expect(cold.findings == uncached.findings && warm.findings == uncached.findings)
    // One pack: the rules' results are written with the icons' entries.
    let packs = try FileManager.default.contentsOfDirectory(atPath: root + "/cache").filter { $0.hasSuffix(".iacache") }
    #expect(packs.count == 1)

    // A byte flipped in each result (8-byte payloads): each is ignored, counted, computed and
    // written again; the findings do not change.
    let pack = root + "/cache/" + packs[0]
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
    func word(_ at: Int, _ width: Int) -> Int { (0..<width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    var flipped = 0
    for entry in 0..<word(8, 4) {
      let at = 20 + entry * 52
      if word(at + 40, 4) == 32 + 8 {
        bytes[word(at + 32, 8) + 32 + 3] ^= 0x5a
        flipped += 1
      }
    }
    #expect(flipped == written)
    try Data(bytes).write(to: URL(fileURLWithPath: pack))
    // The corrupt pack dated ten seconds ahead: as when the repairing run's pack is written in
    // the same tick of the file system's clock (the order of two equal dates is the packs'
    // random names), the repair must still be read as the newer record.
    var times = [timespec(tv_sec: time(nil) + 10, tv_nsec: 0), timespec(tv_sec: time(nil) + 10, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, pack, &times, 0) == 0)
    let repaired = try audit(folder, cache: root + "/cache")
    #expect(repaired.findings == uncached.findings)
    #expect(repaired.stats?.ignored == written && repaired.stats?.ruleResultsWritten == written && repaired.stats?.hits == 9,
            "\(String(describing: repaired.stats))")
    let after = try audit(folder, cache: root + "/cache")
    #expect(after.stats?.ruleResultsRead == written && after.stats?.ignored == 0, "\(String(describing: after.stats))")
  }

  /// A history's store (a cache with a memo) keeps the drawings `duplicate_icon` reads back, by
  /// content key: at the next revision an unchanged icon paired with a new one is not read again,
  /// the new one is read once, a pair of unchanged icons is not compared again; an icon whose
  /// drawing changed (another content key) is read, not given the old drawing; a store without a
  /// memo keeps none; the findings are those of a run without a store.
  @Test func aHistoryReadsAnUnchangedDrawingOnce() throws {
    final class Reads: @unchecked Sendable {
      private let lock = NSLock()
      private var counts: [String: Int] = [:]
      func add(_ id: String) { lock.lock(); counts[id, default: 0] += 1; lock.unlock() }
      subscript(_ id: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[id] ?? 0 }
    }
    let reads = Reads()
    // The signature given, as a measured icon has it: only the rule's comparisons read drawings.
    func icon(_ id: String, glyph: Int, key: UInt8) -> AuditIcon {
      let mask = ExampleFamily.glyph(glyph)
      let compact = CompactMask(mask)
      var icon = AuditIcon(id: id, path: id + ".png", family: "f", scale: mask.scale, widthPx: mask.width,
                           heightPx: mask.height, metrics: MetricsEngine.measure(mask),
                           maskLoader: { reads.add(id); return compact }, signature: Spectrum.signature(mask))
      icon.contentKey = [UInt8](repeating: key, count: 32)
      return icon
    }
    func check(_ icons: [AuditIcon], _ store: RuleResultStore?) -> [Finding] {
      DuplicateIconRule().check(RuleContext<DuplicateIconRule>(family: FamilyAnalyzer.analyse(name: "f", members: []),
                                                                icons: icons, results: store))
    }
    let history = MeasurementCache.memoryOnly()
    // Revision 1: a and b one drawing (compared: both read), c another.
    let first = [icon("a", glyph: 3, key: 1), icon("b", glyph: 3, key: 2), icon("c", glyph: 5, key: 3)]
    let found1 = check(first, history)
    #expect(found1.map(\.iconId) == ["b"] && reads["a"] == 1 && reads["b"] == 1)
    // Revision 2: d, new, draws a's drawing: a comes from the store, d is read once.
    let second = [icon("a", glyph: 3, key: 1), icon("b", glyph: 3, key: 2), icon("c", glyph: 5, key: 3), icon("d", glyph: 3, key: 4)]
    let found2 = check(second, history)
    #expect(reads["a"] == 1 && reads["b"] == 1 && reads["d"] == 1, "a and b kept, d read once")
    // Revision 3: a's drawing changed (key 5, c's glyph): read again, never the kept one.
    let third = [icon("a", glyph: 5, key: 5), icon("b", glyph: 3, key: 2), icon("c", glyph: 5, key: 3), icon("d", glyph: 3, key: 4)]
    let found3 = check(third, history)
    #expect(reads["a"] == 2, "a changed drawing is read")
    for (icons, found) in [(first, found1), (second, found2), (third, found3)] {
      #expect(found == check(icons, nil), "the findings of a run without a store")
    }
    #expect(Set(found3.map(\.iconId)) == ["a", "d"] || Set(found3.map(\.iconId)) == ["c", "d"], "\(found3.map(\.iconId))")
    // A cache without a memo (one audit) keeps no drawing.
    let root = try makeTemporaryFolder("rule-results-drawings")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let single = MeasurementCache(directory: root + "/cache")
    single.keepDrawing(CompactMask(ExampleFamily.glyph(1)), for: [UInt8](repeating: 9, count: 32))
    #expect(single.keptDrawing([UInt8](repeating: 9, count: 32)) == nil)
    #expect(history.keptDrawing([UInt8](repeating: 1, count: 32)) == CompactMask(ExampleFamily.glyph(3)))
  }

  @Test func aResultOfAnotherLengthIsIgnoredAndCounted() throws {
    let root = try makeTemporaryFolder("rule-results-foreign")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let key = try #require(RuleResultKey(rule: "test", result: "value", version: 1, drawings: [[1, 2, 3]], parameters: [2]))
    #expect(RuleResultKey(rule: "test", result: "value", version: 1, drawings: [[1, 2, 3], nil]) == nil)
    let writer = MeasurementCache(directory: root + "/cache")
    writer.storeRuleResult([1, 2, 3], for: key)
    writer.flush()
    #expect(writer.stats.ruleResultsWritten == 1 && writer.stats.written == 0)
    let reader = MeasurementCache(directory: root + "/cache")
    #expect(reader.double(key) == nil && reader.stats.ignored == 1 && reader.stats.ruleResultsRead == 0)
    reader.store(0.25, for: key)
    reader.flush()
    let again = MeasurementCache(directory: root + "/cache")
    #expect(again.double(key) == 0.25 && again.stats.ruleResultsRead == 1)
  }
}
