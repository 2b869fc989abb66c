// SPDX-License-Identifier: GPL-3.0-or-later

/// Exact area weights of a box filter (area-averaging resampling), shared by the mask and image
/// resamplers.
enum BoxFilter {
  /// For each of `n` output samples of width `s` input samples, the input samples (below
  /// `limit`) it overlaps and the share of the output sample each covers (the weights sum to 1).
  static func spans(_ n: Int, _ s: Double, _ limit: Int) -> [[(Int, Double)]] {
    (0..<n).map { o in
      let a = Double(o) * s, b = Double(o + 1) * s
      var list: [(Int, Double)] = []
      var i = Int(a.rounded(.down))
      while Double(i) < b && i < limit {
        let w = min(b, Double(i + 1)) - max(a, Double(i))
        if w > 1e-12 { list.append((i, w / s)) }
        i += 1
      }
      return list
    }
  }

  /// ``spans(_:_:_:)`` in flat arrays: output sample `o`'s input samples are `index[start[o]..<start[o + 1]]`
  /// with the weights `weight[…]` at the same places (one allocation each, read through pointers
  /// in the inner loops).
  struct Flat {
    var start: [Int]
    var index: [Int]
    var weight: [Double]

    init(_ spans: [[(Int, Double)]]) {
      start = [0]
      index = []
      weight = []
      for span in spans {
        for (i, w) in span {
          index.append(i)
          weight.append(w)
        }
        start.append(index.count)
      }
    }
  }
}
