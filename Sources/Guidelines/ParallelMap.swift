// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// `map` on all cores: `transform` runs on each element once, from several threads, and the
  /// results come back in the elements' order (so a parallel audit reports exactly what a serial
  /// one does). Elements are handed out one at a time, so a few costly ones do not hold up a core.
  /// Runs serially for fewer than two elements or on one core.
  public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    let workers = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount)
    guard workers > 1 else { return map(transform) }
    let slots = ParallelSlots<T>(count: count)
    self.withUnsafeBufferPointer { elements in
      nonisolated(unsafe) let elements = elements
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = slots.claim() {
          slots.set(index, transform(elements[index]))
        }
      }
    }
    return slots.values
  }
}

/// Results written by index from several threads, and the next index to claim.
private final class ParallelSlots<T: Sendable>: @unchecked Sendable {
  private var storage: [T?]
  private var next = 0
  private let lock = NSLock()
  init(count: Int) { storage = Array(repeating: nil, count: count) }
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < storage.count else { return nil }
    next += 1
    return next - 1
  }
  func set(_ index: Int, _ value: T) {
    lock.lock()
    storage[index] = value
    lock.unlock()
  }
  var values: [T] { storage.map { $0! } }
}
