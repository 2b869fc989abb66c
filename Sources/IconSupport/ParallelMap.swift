// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// `map` on all cores: `transform` runs on each element once, from several threads, and the
  /// results come back in the elements' order (so a parallel audit reports exactly what a serial
  /// one does). Elements are handed out one at a time, so a few costly ones do not hold up a core.
  /// Runs serially for fewer than two elements or on one worker.
  /// - Parameters:
  ///   - workers: threads to use; 0 (the default) means one per active core.
  ///   - progress: called after each element with the number done so far and the total, from the
  ///     thread that finished it.
  public func parallelMap<T: Sendable>(workers: Int = 0, progress: (@Sendable (Int, Int) -> Void)? = nil,
                                       _ transform: @Sendable (Element) -> T) -> [T] {
    let threads = Swift.min(count, workers > 0 ? workers : activeCores)
    guard threads > 1 else {
      var done = 0
      return map { element in
        let value = transform(element)
        done += 1
        progress?(done, count)
        return value
      }
    }
    let slots = ParallelSlots<T>(count: count)
    self.withUnsafeBufferPointer { elements in
      nonisolated(unsafe) let elements = elements
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while let index = slots.claim() {
          let done = slots.set(index, transform(elements[index]))
          progress?(done, elements.count)
        }
      }
    }
    return slots.values
  }
}

/// The active cores, asked once a process: Foundation reads the cgroup's CPU quota files on each
/// `activeProcessorCount` (a warm audit maps a few hundred small arrays in parallel, one for each
/// family and rule: those reads were 0.005 s of its CPU).
private let activeCores = ProcessInfo.processInfo.activeProcessorCount

/// Results written by index from several threads, and the next index to claim.
private final class ParallelSlots<T: Sendable>: @unchecked Sendable {
  private var storage: [T?]
  private var next = 0
  private var done = 0
  private let lock = NSLock()
  init(count: Int) { storage = Array(repeating: nil, count: count) }
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < storage.count else { return nil }
    next += 1
    return next - 1
  }
  /// Stores a result; returns how many are stored.
  func set(_ index: Int, _ value: T) -> Int {
    lock.lock()
    defer { lock.unlock() }
    storage[index] = value
    done += 1
    return done
  }
  var values: [T] { storage.map { $0! } }
}
