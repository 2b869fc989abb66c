// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// The measurement cache keeps rules' results (``RuleResultStore``) as records of its packs, beside
/// the icons' measurements: the same checksums (a truncated, corrupt or foreign record is ignored,
/// counted in ``MeasurementCache/Statistics/ignored``, and the result computed and written again),
/// the same atomic packs shared by concurrent runs, the same size limit and eviction. Their keys
/// (``RuleResultKey``) hash another prefix than the icons' (``CachedMeasurement/key(files:digests:options:symbolSize:)``),
/// and are built from the icons' keys, so a result is used only for the drawings it was computed
/// from, measured by the same build with the same options.
extension MeasurementCache: RuleResultStore {
  public func ruleResult(_ key: RuleResultKey, byteCount: Int) -> [UInt8]? {
    guard let value = payload(key.bytes) else { return nil }
    guard value.count == byteCount else {
      count { $0.ignored += 1 }
      return nil
    }
    count { $0.ruleResultsRead += 1 }
    return value
  }

  public func storeRuleResult(_ value: [UInt8], for key: RuleResultKey) {
    store(key.bytes, payload: value, isRuleResult: true)
  }
}
