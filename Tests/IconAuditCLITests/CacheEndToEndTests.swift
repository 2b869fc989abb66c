// SPDX-License-Identifier: GPL-3.0-or-later
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

  /// The entries of a cache folder (`XX/<64 hex digits>`).
  func entries(_ cache: String) -> [String] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
    return folders.filter { $0.count == 2 }.sorted().flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/" + folder)) ?? [])
        .filter { $0.count == 64 }.sorted().map { cache + "/" + folder + "/" + $0 }
    }
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
    }
    #expect(entries(cache).count == 17)
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
    _ = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache])
    let files = entries(cache)
    #expect(files.count == 17)
    // Truncated, one byte flipped in the payload, another entry's bytes (a foreign key), garbage.
    let first = try Data(contentsOf: URL(fileURLWithPath: files[0]))
    try first.prefix(first.count / 2).write(to: URL(fileURLWithPath: files[0]))
    var flipped = [UInt8](try Data(contentsOf: URL(fileURLWithPath: files[1])))
    flipped[flipped.count - 20] ^= 0x5a
    try Data(flipped).write(to: URL(fileURLWithPath: files[1]))
    try Data(contentsOf: URL(fileURLWithPath: files[3])).write(to: URL(fileURLWithPath: files[2]))
    try Data("not an entry".utf8).write(to: URL(fileURLWithPath: files[4]))
    try Data().write(to: URL(fileURLWithPath: files[5]))
    let damaged = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache, "-v"])
    #expect(damaged.stdout == expected.stdout)
    #expect(damaged.stderr.contains("12 icons read from it, 5 measured; 5 entries written, 5 ignored"), "\(damaged.stderr)")
    let repaired = try runTool(["audit", Self.example, "--format", "json", "--cache-dir", cache, "-v"])
    #expect(repaired.stdout == expected.stdout)
    #expect(repaired.stderr.contains("17 icons read from it, 0 measured; 0 entries written, 0 ignored"), "\(repaired.stderr)")
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

  @Test func theSizeLimitEvictsTheOldestEntries() throws {
    let root = try makeTemporaryFolder("cache-limit")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cache = root + "/cache"
    _ = try runTool(["audit", Self.example, "--cache-dir", cache])
    let files = entries(cache)
    // Every entry older than the others but one folder's: then a 1 MB limit (4 KB a folder) keeps
    // each folder's newest entries.
    let total = files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    #expect(total > 0)
    let run = try runTool(["audit", Self.example, "--cache-dir", cache, "--cache-max-mb", "1", "-v", "--vector-scale", "3"])
    #expect(run.stderr.contains("evicted"), "\(run.stderr)")
    var folderBytes: [String: Int] = [:]
    for file in entries(cache) {
      folderBytes[PathText.parent(file), default: 0] += (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    }
    // A folder over its share after writing is brought under it (an entry is about 2 KB).
    #expect(folderBytes.values.allSatisfy { $0 <= (1 << 20) / 256 || $0 < 8192 })
  }

  @Test func theConfigurationTurnsTheCacheOffOrMovesIt() throws {
    let root = try makeTemporaryFolder("cache-config")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try writeFamily(root + "/Icons")
    try Data(#"{"cacheDirectory": "cache-here"}"#.utf8).write(to: URL(fileURLWithPath: root + "/moved.json"))
    try Data(#"{"cache": false}"#.utf8).write(to: URL(fileURLWithPath: root + "/off.json"))
    let moved = try runTool(["audit", root + "/Icons", "--config", root + "/moved.json", "-v"])
    #expect(moved.stderr.contains("measurement cache \(root)/cache-here: 0 icons read from it, 8 measured"), "\(moved.stderr)")
    #expect(entries(root + "/cache-here").count == 8)
    let off = try runTool(["audit", root + "/Icons", "--config", root + "/off.json", "-v"])
    #expect(off.stderr.contains("measurement cache: off"), "\(off.stderr)")
    // --cache-dir wins over the configuration.
    let flag = try runTool(["audit", root + "/Icons", "--config", root + "/off.json", "--cache-dir", root + "/c2", "-v"])
    #expect(flag.stderr.contains("measurement cache \(root)/c2: 0 icons read from it, 8 measured"), "\(flag.stderr)")
  }

  /// The cache key carries a measurement version: when the measurements of the example catalog
  /// change, entries written before must stop being used. If this fails after a change to the
  /// measurements, bump `CachedMeasurement.measurementVersion` (Sources/AuditFrontend) and put the
  /// new digest and version here.
  @Test func measurementFingerprintMatchesTheCacheVersion() throws {
    let run = try runTool(["measure", Self.example, "--format", "json", "--no-cache"])
    let digest = SHA256.hash(Array(run.stdout.utf8)).hexString
    let recorded = (version: 1, digest: "270c5207")
    #expect(digest.hasPrefix(recorded.digest),
            "the example's measurements changed (sha256 \(digest)): bump CachedMeasurement.measurementVersion (now \(recorded.version)) and record the new digest here")
  }
}
