// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the corner search reads of a template, without references (no reference counting in
/// the search's loop).
struct TemplateHeader: Sendable {
  var width: Int
  var height: Int
  var isWeak: Bool
  /// ``StampedText/Template/anchors`` flattened: per corner row anchor x, y, column anchor x, y.
  var anchors: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

  @inline(__always) func anchor(_ k: Int) -> Int {
    withUnsafeBytes(of: anchors) { Int($0.load(fromByteOffset: k &* 4, as: Int32.self)) }
  }
}

/// The templates by height, built on first use (under a lock: audits measure icons in parallel).
final class TemplateCache: @unchecked Sendable {
  static let shared = TemplateCache()
  private let lock = NSLock()
  private var byHeight: [Int: ([StampedText.Template], [TemplateHeader])] = [:]

  func templates(height: Int) -> [StampedText.Template] { entry(height: height).0 }

  /// The entries of several heights under one lock.
  func entries(heights: ClosedRange<Int>) -> [([StampedText.Template], [TemplateHeader])] {
    lock.lock()
    defer { lock.unlock() }
    return heights.map { entryLocked(height: $0) }
  }

  func entry(height: Int) -> ([StampedText.Template], [TemplateHeader]) {
    lock.lock()
    defer { lock.unlock() }
    return entryLocked(height: height)
  }

  private func entryLocked(height: Int) -> ([StampedText.Template], [TemplateHeader]) {
    if let cached = byHeight[height] { return cached }
    let made = StampedText.masterBits.map { StampedText.makeTemplate($0, height: height) }
    let headers = made.map { t -> TemplateHeader in
      let a = t.anchors
      return TemplateHeader(width: t.width, height: t.height, isWeak: t.isWeak,
                            anchors: (a[0].x, a[0].y, a[1].x, a[1].y, a[2].x, a[2].y, a[3].x, a[3].y,
                                      a[4].x, a[4].y, a[5].x, a[5].y, a[6].x, a[6].y, a[7].x, a[7].y))
    }
    byHeight[height] = (made, headers)
    return (made, headers)
  }
}
