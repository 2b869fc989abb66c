// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import Guidelines
import Testing

/// `--verbose`'s counts of a run that keeps a memo (a history) do not depend on which of two
/// threads that missed the same key stores it first: the second store counts as the lookup a
/// serial run would have found it with, and nothing is written twice.
@Suite struct CacheCountsTests {
  @Test func aPayloadStoredMeanwhileCountsAsFound() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-counts-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = MeasurementCache(directory: folder, memo: true)
    let key = [UInt8](repeating: 7, count: 32), payload: [UInt8] = [1, 2, 3]
    // Two lookups missed at once, both measured, both stored.
    cache.count { $0.misses += 2 }
    cache.store(key, payload: payload)
    cache.store(key, payload: payload)
    // A rule's result computed by both lanes.
    let ruleKey = try #require(RuleResultKey(rule: "duplicate_icon", result: "ncc", version: 1, drawings: [key, key], parameters: [2]))
    #expect(cache.ruleResult(ruleKey, byteCount: 8) == nil)
    #expect(cache.ruleResult(ruleKey, byteCount: 8) == nil)
    cache.store(0.99, for: ruleKey)
    cache.store(0.99, for: ruleKey)
    cache.flush()
    let stats = cache.stats
    #expect(stats.misses == 1 && stats.hits == 1 && stats.written == 1, "\(stats)")
    #expect(stats.ruleResultsRead == 1 && stats.ruleResultsWritten == 1, "\(stats)")
    // Another payload under the key (a record ignored and measured again) is stored as before.
    cache.count { $0.misses += 1 }
    cache.store(key, payload: [9])
    cache.flush()
    #expect(cache.stats.misses == 2 && cache.stats.written == 2, "\(cache.stats)")
  }
}
