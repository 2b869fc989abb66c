// SPDX-License-Identifier: GPL-3.0-or-later
import AuditFrontend
import Foundation
import Guidelines
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
