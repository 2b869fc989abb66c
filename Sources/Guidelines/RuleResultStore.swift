// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster
import IconSupport

/// Where a rule keeps, between runs, a result it computed from icons' drawings alone (the NCC peak
/// of two drawings, say): a value that depends only on the drawings, known by their
/// ``AuditIcon/contentKey``, and on the rule's own parameters, so that an unchanged catalog is not
/// compared again. The verdict is never stored: the rule still compares the value with its
/// threshold afresh, so a changed configuration needs no cold run.
///
/// The audit's measurement cache is one (it stores the results beside the icons' measurements,
/// written atomically with them, with the same checksums, size limit and eviction); a history's
/// in-memory cache is another. A rule that gets none (no cache, `--no-cache`, tests) or an icon
/// without a content key computes the result as before. Implementations are safe to call from any
/// thread (families are checked in parallel).
public protocol RuleResultStore: AnyObject, Sendable {
  /// The bytes stored under `key`, or nil: absent, or unusable (truncated, corrupt, or not
  /// `byteCount` bytes long: then ignored and counted, and the rule stores its result again).
  func ruleResult(_ key: RuleResultKey, byteCount: Int) -> [UInt8]?
  /// Keeps `value` under `key` (written with the run's other entries).
  func storeRuleResult(_ value: [UInt8], for key: RuleResultKey)
  /// A drawing an earlier audit of this run read back and kept under its icon's content key
  /// (``AuditIcon/contentKey``: equal keys are equal drawings), or nil: none kept. A history keeps
  /// the drawings its rules read back, so that an unchanged icon compared with a changed one at a
  /// later revision is not decoded again (`duplicate_icon`: 0.06 G instructions of 20 revisions of
  /// 500 icons were drawings decoded again).
  func keptDrawing(_ contentKey: [UInt8]) -> CompactMask?
  /// Keeps a drawing read back for a rule under its icon's content key for the later audits of
  /// this run (within a budget; a store that keeps none ignores it).
  func keepDrawing(_ drawing: CompactMask, for contentKey: [UInt8])
}

extension RuleResultStore {
  /// None kept (a store for one audit).
  public func keptDrawing(_ contentKey: [UInt8]) -> CompactMask? { nil }
  public func keepDrawing(_ drawing: CompactMask, for contentKey: [UInt8]) {}

  /// A stored `Double` (its bit pattern, so that a result read back is the value computed), or nil.
  public func double(_ key: RuleResultKey) -> Double? {
    guard let bytes = ruleResult(key, byteCount: 8) else { return nil }
    var bits: UInt64 = 0
    for i in 0..<8 { bits |= UInt64(bytes[i]) << UInt64(8 * i) }
    return Double(bitPattern: bits)
  }

  /// Keeps a `Double` (its bit pattern, little-endian).
  public func store(_ value: Double, for key: RuleResultKey) {
    let bits = value.bitPattern
    storeRuleResult((0..<8).map { UInt8(truncatingIfNeeded: bits >> UInt64(8 * $0)) }, for: key)
  }
}

/// The key of a rule's result: SHA-256 of the rule's identifier, the result's name and version
/// (bump the version when the computation changes), the content keys of the drawings it was
/// computed from, in the order they were used, and the parameters' bit patterns. 32 bytes; it never
/// equals a key of an icon's measurements (those hash another prefix).
public struct RuleResultKey: Hashable, Sendable {
  public let bytes: [UInt8]

  /// nil when a drawing has no content key (it was not measured through a cache).
  public init?(rule: String, result: String, version: Int, drawings: [[UInt8]?], parameters: [Double] = []) {
    var hasher = SHA256()
    hasher.update(Array("iconaudit-rule-result \(rule) \(result) v\(version) drawings \(drawings.count)".utf8))
    for drawing in drawings {
      guard let drawing else { return nil }
      hasher.update([UInt8(truncatingIfNeeded: drawing.count)])
      hasher.update(drawing)
    }
    for parameter in parameters {
      let bits = parameter.bitPattern
      hasher.update((0..<8).map { UInt8(truncatingIfNeeded: bits >> UInt64(8 * $0)) })
    }
    bytes = hasher.finalize()
  }
}
