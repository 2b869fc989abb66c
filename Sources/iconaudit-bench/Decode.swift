// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconRaster

/// `iconaudit-bench decode DIR [--runs N]`: the decode floor of an audit (scripts/bench_scale).
///
/// Discovers the icons under DIR and reads every file of every icon on all cores, exactly as
/// `iconaudit audit` does (`IconDiscovery.discover`, then `IconLoader.load` on each file, icons
/// handed out one at a time to one worker per core), and nothing else: no mask, no measurement,
/// no report. Each image is dropped once read. Prints the wall time of each run (discovery +
/// decoding) as JSON; nothing an audit does can be faster than this.
extension Bench {
  struct DecodeResult: Codable {
    var icons: Int
    var files: Int
    var failures: Int
    var pixels: Int
    var workers: Int
    var runs: Int
    /// Wall time of discovery + decoding, per run.
    var wallMs: [Double]
    var medianMs: Double
    var minMs: Double
    var discoverMedianMs: Double
    var msPerIcon: Double
    var iconsPerSecond: Double
  }

  static func decode(_ options: Options) throws -> DecodeResult {
    guard options.positionals.count == 1 else { throw BenchError.usage("decode needs one folder") }
    let runs = options.runs
    let workers = ProcessInfo.processInfo.activeProcessorCount
    var walls: [Double] = [], discovers: [Double] = []
    var last = (icons: 0, files: 0, failures: 0, pixels: 0)
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      let (icons, _) = IconDiscovery.discover(options.positionals)
      let discovered = DispatchTime.now().uptimeNanoseconds
      let tally = DecodeTally()
      let next = DecodeCounter()
      DispatchQueue.concurrentPerform(iterations: max(1, min(workers, icons.count))) { _ in
        var files = 0, failures = 0, pixels = 0
        while true {
          let index = next.increment()
          if index >= icons.count { break }
          for file in icons[index].files {
            files += 1
            do {
              let image = try IconLoader.load(file)
              pixels += image.width * image.height
            } catch {
              failures += 1
            }
          }
        }
        tally.add(files: files, failures: failures, pixels: pixels)
      }
      let end = DispatchTime.now().uptimeNanoseconds
      walls.append(Double(end - start) / 1e6)
      discovers.append(Double(discovered - start) / 1e6)
      last = (icons.count, tally.files, tally.failures, tally.pixels)
    }
    func median(_ v: [Double]) -> Double {
      let s = v.sorted()
      return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    let m = median(walls)
    return DecodeResult(
      icons: last.icons, files: last.files, failures: last.failures, pixels: last.pixels, workers: workers,
      runs: runs, wallMs: walls, medianMs: m, minMs: walls.min() ?? 0, discoverMedianMs: median(discovers),
      msPerIcon: m / Double(max(1, last.icons)), iconsPerSecond: Double(last.icons) / max(1e-9, m / 1000))
  }
}

private final class DecodeTally: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var files = 0, failures = 0, pixels = 0
  func add(files: Int, failures: Int, pixels: Int) {
    lock.lock()
    self.files += files
    self.failures += failures
    self.pixels += pixels
    lock.unlock()
  }
}

private final class DecodeCounter: @unchecked Sendable {
  private var value = 0
  private let lock = NSLock()
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value - 1
  }
}
