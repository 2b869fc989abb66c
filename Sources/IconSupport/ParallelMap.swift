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
    return slots.values()
  }
}

/// The active cores, asked once a process: Foundation reads the cgroup's CPU quota files on each
/// `activeProcessorCount` (a warm audit maps a few hundred small arrays in parallel, one for each
/// family and rule: those reads were 0.005 s of its CPU).
private let activeCores = ProcessInfo.processInfo.activeProcessorCount

/// Results written by index from several threads, and the next index to claim.
///
/// The results are kept in uninitialised memory, each slot initialised once by the thread that
/// computed it, and moved out into the array returned (no optional per slot to clear first, no copy
/// of each result and release of the original: for an audit's measured icons, large structs with a
/// dozen references each, those were a visible part of every audit's CPU).
private final class ParallelSlots<T: Sendable>: @unchecked Sendable {
  private let storage: UnsafeMutablePointer<T>
  private let count: Int
  private var next = 0
  private var done = 0
  private var moved = false
  private let lock = NSLock()

  init(count: Int) {
    self.count = count
    storage = .allocate(capacity: Swift.max(count, 1))
  }

  deinit {
    // Every slot is set before the results are moved out (``values()``, always called by
    // `parallelMap`); released here only if they never were.
    if !moved && done == count { storage.deinitialize(count: count) }
    storage.deallocate()
  }

  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }

  /// Stores a result (each index once: the slots are distinct, so only the count is locked);
  /// returns how many are stored.
  func set(_ index: Int, _ value: T) -> Int {
    (storage + index).initialize(to: value)
    lock.lock()
    defer { lock.unlock() }
    done += 1
    return done
  }

  /// The results in order, moved out; once, after every slot is set.
  func values() -> [T] {
    lock.lock()
    defer { lock.unlock() }
    precondition(done == count && !moved, "ParallelSlots: results taken before every slot was set")
    moved = true
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      if count > 0 { buffer.baseAddress!.moveInitialize(from: storage, count: count) }
      initialized = count
    }
  }
}
