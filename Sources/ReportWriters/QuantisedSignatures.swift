// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics

/// The snapshots' signatures (``Snapshot/quantised(_:)``) of the drawings a history has seen, by
/// the drawing's content key (``AuditIcon/contentKey``: equal keys are equal drawings, hence equal
/// signatures): a history snapshots 500 icons at each of 20 revisions, and quantising their 256
/// cells again for every unchanged icon was most of its snapshots' cost.
///
/// Thread-safe (a history's two lanes snapshot at once). An icon without a content key (no cache)
/// is quantised every time.
/// - Complexity: O(1) expected a known drawing (a hash of its 32-byte key); O(cells) a new one.
public final class QuantisedSignatures: @unchecked Sendable {
  private let lock = NSLock()
  private var known: [[UInt8]: [Float]] = [:]

  public init() {}

  /// The signature of `icon` as its snapshot holds it; nil when it has none.
  func signature(of icon: AuditIcon) -> [Float]? {
    guard let key = icon.contentKey else { return icon.signature.map { Snapshot.quantised($0.cells) } }
    lock.lock()
    let found = known[key]
    lock.unlock()
    if let found { return found }
    guard let signature = icon.signature else { return nil }
    let cells = Snapshot.quantised(signature.cells)
    lock.lock()
    known[key] = cells
    lock.unlock()
    return cells
  }
}
