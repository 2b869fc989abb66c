// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconRaster
import IconSupport

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
      // The audit's own loop (`parallelMap`, as MeasurementPipeline): each icon's files read and dropped.
      let counts = icons.parallelMap { icon -> (files: Int, failures: Int, pixels: Int) in
        var counts = (files: 0, failures: 0, pixels: 0)
        for file in icon.files {
          counts.files += 1
          do {
            let image = try IconLoader.load(file)
            counts.pixels += image.width * image.height
          } catch {
            counts.failures += 1
          }
        }
        return counts
      }
      let end = DispatchTime.now().uptimeNanoseconds
      walls.append(Double(end - start) / 1e6)
      discovers.append(Double(discovered - start) / 1e6)
      last = (icons.count, counts.reduce(0) { $0 + $1.files }, counts.reduce(0) { $0 + $1.failures },
              counts.reduce(0) { $0 + $1.pixels })
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
