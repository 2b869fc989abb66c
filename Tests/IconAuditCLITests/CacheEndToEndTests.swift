// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import IconRaster
import IconSupport
import Testing
import TestSupport

/// The measurement cache (issue 18): cached and uncached audits give byte-identical reports; a
/// corrupt, truncated or foreign entry is ignored, counted and rewritten; a cache that cannot be
/// written never fails the audit; two audits at once share one cache. Every run names its cache
/// (`--cache-dir` in a temporary folder) or `--no-cache`: the user's cache is never touched.
@Suite(.serialized) struct CacheEndToEndTests {
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Reports/Examples/Phone.xcassets").standardized.path

  /// The packs of a cache folder (`pack-<16 hex digits>.iacache`), in name order.
  func packs(_ cache: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? [])
      .filter { $0.hasPrefix("pack-") && $0.hasSuffix(".iacache") }.sorted().map { cache + "/" + $0 }
  }

  @Test func cachedAndUncachedReportsAreByteIdentical() throws {
    let root = try makeTemporaryFolder("cache-identical")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = root + "/cache"
    for format in ["json", "html", "text", "sarif"] {
      let uncached = try runTool(["audit", Self.example, "--format", format, "--no-cache"])
      let cold = try runTool(["audit", Self.example, "--format", format, "--cache-dir", cache, "--verbose"])
      let warm = try runTool(["audit", Self.example, "--format", format, "--cache-dir", cache, "--verbose"])
      #expect(uncached.status == 1 && cold.status == 1 && warm.status == 1)
      #expect(cold.stdout == uncached.stdout, "\(format): cold cache")
      #expect(warm.stdout == uncached.stdout, "\(format): warm cache")
      #expect(warm.stderr.contains(": 17 icons read from it, 0 measured"), "\(warm.stderr)")
      if format == "json" { #expect(cold.stderr.contains(": 0 icons read from it, 17 measured; 17 entries written"), "\(cold.stderr)") }
    }
    // One pack, written by the first run.
    #expect(packs(cache).count == 1)
    // measure keeps its own entries (no signature, no text detection) and gives the same bytes.
    let measured = try runTool(["measure", Self.example, "--format", "json", "--no-cache"])
    for _ in 0..<2 {
      let cached = try runTool(["measure", Self.example, "--format", "json", "--cache-dir", cache])
      #expect(cached.stdout == measured.stdout && cached.status == measured.status)
    }
  }

  @Test func corruptTruncatedAndForeignEntriesAreIgnoredAndRewritten() throws {
    let root = try makeTemporaryFolder("cache-corrupt")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = root + "/cache"
    let expected = try runTool(["audit", Self.example, "--format", "json", "--no-cache"])
    func audit() throws -> ToolRun {
      let run = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache, "-v"])
      #expect(run.stdout == expected.stdout)
      return run
    }
    _ = try audit()
    let first = try #require(packs(cache).first)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: first)))
    // One byte flipped in the last record: that icon is measured again and rewritten.
    bytes[bytes.count - 20] ^= 0x5a
    try Data(bytes).write(to: URL(fileURLWithPath: first))
    let flipped = try audit()
    #expect(flipped.stderr.contains("16 icons read from it, 1 measured; 1 entry written, 1 ignored"), "\(flipped.stderr)")
    #expect(try audit().stderr.contains("17 icons read from it, 0 measured; 0 entries written, 0 ignored"))
    // Truncated: the records past the end are ignored, measured again, rewritten.
    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: first))
    let truncated = try audit()
    #expect(truncated.stderr.contains("0 icons read from it") == false && truncated.stderr.contains(" ignored"), "\(truncated.stderr)")
    #expect(try audit().stderr.contains("17 icons read from it, 0 measured; 0 entries written, 0 ignored"))
    // A foreign file where a pack is expected, an empty one, a pack of another format: each
    // ignored (and removed by the next run that writes), the audit unchanged.
    try Data("not a pack".utf8).write(to: URL(fileURLWithPath: cache + "/pack-00000000000000aa.iacache"))
    try Data().write(to: URL(fileURLWithPath: cache + "/pack-00000000000000bb.iacache"))
    try Data("IAMCPAK9".utf8 + bytes.dropFirst(8)).write(to: URL(fileURLWithPath: cache + "/pack-00000000000000cc.iacache"))
    let foreign = try audit()
    #expect(foreign.stderr.contains("17 icons read from it, 0 measured; 0 entries written, 3 ignored"), "\(foreign.stderr)")
    // Garbage in the table of the only pack: the whole pack is ignored, every icon rewritten.
    for pack in packs(cache) {
      var all = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
      guard all.count > 30 else { continue }
      all[30] ^= 0xff
      try Data(all).write(to: URL(fileURLWithPath: pack))
    }
    let table = try audit()
    #expect(table.stderr.contains("0 icons read from it, 17 measured; 17 entries written"), "\(table.stderr)")
    let repaired = try audit()
    #expect(repaired.stderr.contains("17 icons read from it, 0 measured; 0 entries written, 0 ignored"), "\(repaired.stderr)")
    #expect(packs(cache).count == 1)
  }

  @Test func aCacheThatCannotBeWrittenNeverFailsTheAudit() throws {
    let root = try makeTemporaryFolder("cache-readonly")
    defer {
      chmod(root + "/readonly", 0o755)
      try? FileManager.default.removeItem(atPath: root)
    }
    let expected = try runTool(["audit", Self.example, "--format", "json", "--no-cache"])
    // Under a regular file (no folder can be made there), and a read-only folder (for a user other
    // than root, who may write anyway).
    try Data("a file".utf8).write(to: URL(fileURLWithPath: root + "/file"))
    try FileManager.default.createDirectory(atPath: root + "/readonly", withIntermediateDirectories: true)
    chmod(root + "/readonly", 0o555)
    for cache in [root + "/file/cache", root + "/readonly"] {
      let run = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache, "-v"])
      #expect(run.status == expected.status && run.stdout == expected.stdout, "\(cache): \(run.stderr)")
      if cache.hasSuffix("/cache") || getuid() != 0 {
        #expect(run.stderr.contains("0 entries written") && run.stderr.contains("17 not written"), "\(run.stderr)")
      }
    }
    // A full disk: /dev/full as the folder's only way out is not available to a test; an entry
    // that cannot be written is the same path (write or rename fails: counted, not thrown).
  }

  @Test func twoConcurrentAuditsShareOneCache() throws {
    let root = try makeTemporaryFolder("cache-concurrent")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = root + "/cache"
    let expected = try runTool(["audit", Self.example, "--format", "json", "--no-cache"])
    for round in 0..<2 {
      // Started together, writing the same entries into an empty (then a full) cache.
      var processes: [(Process, Pipe)] = []
      for i in 0..<3 {
        let process = Process()
        process.executableURL = iconauditExecutable()
        process.arguments = ["audit", Self.example, "--format", "json", "--cache-dir", cache, "--output", "\(root)/r\(round)-\(i).json"]
        process.environment = ToolEnvironment.isolated
        let err = Pipe()
        process.standardError = err
        try process.run()
        processes.append((process, err))
      }
      for (i, (process, err)) in processes.enumerated() {
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let report = try String(contentsOfFile: "\(root)/r\(round)-\(i).json", encoding: .utf8)
        #expect(report == expected.stdout, "round \(round), audit \(i)")
      }
    }
    let after = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache, "-v"])
    #expect(after.stdout == expected.stdout)
    #expect(after.stderr.contains("17 icons read from it, 0 measured; 0 entries written, 0 ignored"), "\(after.stderr)")
    // No temporary file is left behind.
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: cache).filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty)
  }

  @Test func theSizeLimitEvictsTheOldestEntriesAndPacksAreMerged() throws {
    let root = try makeTemporaryFolder("cache-limit")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = root + "/cache"
    // Each vector scale keys other records: ten runs, ten packs, merged into one past eight.
    for scale in 1...10 {
      let run = try runTool(["audit", Self.example, "--cache-dir", cache, "--vector-scale", "\(scale)", "-v"])
      #expect(run.stderr.contains("17 entries written"), "\(run.stderr)")
      #expect(packs(cache).count == (scale <= 8 ? scale : scale - 8), "after \(scale) runs: \(packs(cache))")
    }
    // A limit of 20 KB (about 12 records): the oldest records are left out of the merge.
    let small = try runTool(["audit", Self.example, "--cache-dir", cache, "--vector-scale", "11", "--cache-max-mb", "0.02", "-v"])
    #expect(small.stderr.contains("evicted") && !small.stderr.contains(" 0 evicted"), "\(small.stderr)")
    #expect(packs(cache).count == 1)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: packs(cache)[0])[.size] as? Int)
    #expect(size <= 20 * 1_048_576 / 100)
    // The newest run's records were kept (as many as fit), the oldest's were not.
    let newest = try runTool(["audit", Self.example, "--cache-dir", cache, "--vector-scale", "11", "-v"])
    #expect(!newest.stderr.contains(": 0 icons read from it"), "\(newest.stderr)")
    let oldest = try runTool(["audit", Self.example, "--cache-dir", cache, "--vector-scale", "1", "-v"])
    #expect(oldest.stderr.contains("0 icons read from it, 17 measured"), "\(oldest.stderr)")
  }

  @Test func theConfigurationTurnsTheCacheOffOrMovesIt() throws {
    let root = try makeTemporaryFolder("cache-config")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    try Data(#"{"cacheDirectory": "cache-here"}"#.utf8).write(to: URL(fileURLWithPath: root + "/moved.json"))
    try Data(#"{"cache": false}"#.utf8).write(to: URL(fileURLWithPath: root + "/off.json"))
    let moved = try runTool(["audit", root + "/Icons", "--config", root + "/moved.json", "-v"])
    #expect(moved.stderr.contains("measurement cache \(root)/cache-here: 0 icons read from it, 8 measured; 8 entries written"), "\(moved.stderr)")
    #expect(packs(root + "/cache-here").count == 1)
    let off = try runTool(["audit", root + "/Icons", "--config", root + "/off.json", "-v"])
    #expect(off.stderr.contains("measurement cache: off"), "\(off.stderr)")
    // --cache-dir wins over the configuration.
    let flag = try runTool(["audit", root + "/Icons", "--config", root + "/off.json", "--cache-dir", root + "/c2", "-v"])
    #expect(flag.stderr.contains("measurement cache \(root)/c2: 0 icons read from it, 8 measured"), "\(flag.stderr)")
  }

  @Test func measureReadsTheConfigurationsCacheSettings() throws {
    let root = try makeTemporaryFolder("cache-config-measure")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    let expected = try runTool(["measure", root + "/Icons", "--format", "json", "--no-cache"])
    // The nearest .iconaudit.json: the cache off.
    try Data(#"{"cache": false}"#.utf8).write(to: URL(fileURLWithPath: root + "/.iconaudit.json"))
    let off = try runTool(["measure", root + "/Icons", "--format", "json", "-v"])
    #expect(off.stderr.contains("measurement cache: off"), "\(off.stderr)")
    #expect(off.stdout == expected.stdout && off.status == expected.status)
    // --config names another: the cache moved (relative to the configuration's folder).
    try Data(#"{"cacheDirectory": "cache-here"}"#.utf8).write(to: URL(fileURLWithPath: root + "/moved.json"))
    let moved = try runTool(["measure", root + "/Icons", "--config", root + "/moved.json", "--format", "json", "-v"])
    #expect(moved.stderr.contains("measurement cache \(root)/cache-here: 0 icons read from it, 8 measured"), "\(moved.stderr)")
    #expect(moved.stdout == expected.stdout)
    // --cache-dir wins over the configuration; an unusable configuration is a usage error.
    let flag = try runTool(["measure", root + "/Icons", "--cache-dir", root + "/c2", "-v"])
    #expect(flag.stderr.contains("measurement cache \(root)/c2: 0 icons read from it, 8 measured"), "\(flag.stderr)")
    try Data("{".utf8).write(to: URL(fileURLWithPath: root + "/.iconaudit.json"))
    #expect(try runTool(["measure", root + "/Icons"]).status == 64)
  }

  /// The cache key carries a measurement version: when the measurements of the example catalog
  /// change, entries written before must stop being used. If this fails after a change to the
  /// measurements, bump `CachedMeasurement.measurementVersion` (Sources/AuditFrontend) and put the
  /// new digest and version here.
  @Test func measurementFingerprintMatchesTheCacheVersion() throws {
    let run = try runTool(["measure", Self.example, "--format", "json", "--no-cache"])
    let digest = SHA256.hash(Array(run.stdout.utf8)).hexString
    let recorded = (version: 16, digest: "198876f3")
    // The digest is recorded with the version it was measured at: a new digest recorded without
    // a bump of the version fails here.
    #expect(recorded.version == CachedMeasurement.measurementVersion,
            "the digest here was recorded at version \(recorded.version), the cache is at \(CachedMeasurement.measurementVersion)")
    #expect(digest.hasPrefix(recorded.digest),
            "the example's measurements changed (sha256 \(digest)): bump CachedMeasurement.measurementVersion (now \(recorded.version)) and record the new digest here")
  }
}
