// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster

extension Bench {
  /// One folder's figures of `median-sample`.
  struct MedianSampleResult: Codable {
    var folder: String
    var icons: Int
    /// Icons whose stroke median differs from the exact one at all, by more than 0.03 px, by more
    /// than 0.05 px.
    var moved: Int
    var over003: Int
    var over005: Int
    /// The largest and the 99th-percentile |measured − exact|, px.
    var maxPx: Double
    var p99Px: Double
    /// The median number of skeleton pixels eligible for the median.
    var eligibleMedian: Int
  }

  /// `iconaudit-bench median-sample DIR…`: for every PNG under each folder (recursively), the
  /// measured stroke median (``StrokeWeight``: estimated from a random sample of 32 when that
  /// sample settles it) against the exact median of the at most 128 evenly spaced counted skeleton
  /// pixels it stands for (the rule before the estimate). The pixels' widths come from
  /// `MetricsEngine.analyse`, which measures every skeleton pixel.
  static func medianSample(_ options: Options) throws -> [MedianSampleResult] {
    var out: [MedianSampleResult] = []
    for folder in options.positionals {
      var differences: [Double] = []
      var eligible: [Int] = []
      let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }
        .filter { $0.lowercased().hasSuffix(".png") }.sorted() ?? []
      for file in files {
        guard let image = try? PNGCodec.decodeFile(atPath: "\(folder)/\(file)").0 else { continue }
        let analysis = MetricsEngine.analyse(image.alphaMask)
        let widths = analysis.strokeSamples.filter(\.counted).map(\.widthPx)
        guard !widths.isEmpty else { continue }
        eligible.append(widths.count)
        let k = (widths.count + 127) / 128
        let picked = stride(from: k / 2, to: widths.count, by: k).map { widths[$0] }.sorted()
        let mid = picked.count / 2
        let exact = picked.count % 2 == 1 ? picked[mid] : (picked[mid - 1] + picked[mid]) / 2
        differences.append(abs(analysis.measurements.strokeWeightProfilePx - exact))
        if differences.last! > 0.05 {
          printError("\(folder)/\(file): exact \(exact), measured \(analysis.measurements.strokeWeightProfilePx)\n")
        }
      }
      let sorted = differences.sorted()
      out.append(
        MedianSampleResult(
          folder: folder, icons: sorted.count, moved: sorted.filter { $0 != 0 }.count,
          over003: sorted.filter { $0 > 0.03 }.count, over005: sorted.filter { $0 > 0.05 }.count,
          maxPx: sorted.last ?? 0,
          p99Px: sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
          eligibleMedian: eligible.sorted().dropFirst(eligible.count / 2).first ?? 0))
    }
    return out
  }
}
