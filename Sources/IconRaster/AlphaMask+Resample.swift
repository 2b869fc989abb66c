// SPDX-License-Identifier: GPL-3.0-or-later

extension AlphaMask {
  /// The mask resampled onto a `width × height` grid covering the same canvas, each output pixel
  /// the exact area-weighted mean of the input pixels it overlaps (a box filter, so coverage is
  /// conserved: Σα scales by the area ratio).
  ///
  /// - Complexity: O((w + W)(h + H)) per output row-column pair, O(W·H·⌈w/W⌉·⌈h/H⌉) overall.
  public func resampled(width outWidth: Int, height outHeight: Int, scale outScale: Double? = nil) -> AlphaMask {
    precondition(outWidth > 0 && outHeight > 0, "resampling to an empty size")
    guard width > 0, height > 0 else { return AlphaMask(width: outWidth, height: outHeight, scale: outScale ?? scale) }
    let sx = Double(width) / Double(outWidth), sy = Double(height) / Double(outHeight)
    let columns = BoxFilter.spans(outWidth, sx, width), rows = BoxFilter.spans(outHeight, sy, height)
    var out = [Float](repeating: 0, count: outWidth * outHeight)
    let flatColumns = BoxFilter.Flat(columns), flatRows = BoxFilter.Flat(rows)
    coverage.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        flatColumns.index.withUnsafeBufferPointer { columnIndex in
          flatColumns.weight.withUnsafeBufferPointer { columnWeight in
            for oy in 0..<outHeight {
              for ox in 0..<outWidth {
                var sum = 0.0
                for k in flatRows.start[oy]..<flatRows.start[oy + 1] {
                  let row = flatRows.index[k] &* width
                  let wy = flatRows.weight[k]
                  for j in flatColumns.start[ox]..<flatColumns.start[ox + 1] {
                    // An empty pixel adds +0 (the sum is never −0): skipping it changes no bit.
                    let value = source[row &+ columnIndex[j]]
                    if value == 0 { continue }
                    sum += Double(value) * columnWeight[j] * wy
                  }
                }
                target[oy &* outWidth &+ ox] = Float(min(max(sum, 0), 1))
              }
            }
          }
        }
      }
    }
    return AlphaMask(width: outWidth, height: outHeight, scale: outScale ?? scale * Double(outWidth) / Double(width), coverage: out)
  }

  /// Intersection over union of coverage, Σ min(α, β) ÷ Σ max(α, β) (the Ruzicka similarity, the
  /// IoU of fuzzy sets); 1 when both are empty. Unlike the IoU of thresholded cores it does not
  /// jump when an antialiased 2 px stroke at @1x straddles the 0.5 threshold.
  public func coverageIoU(_ other: AlphaMask) -> Double {
    precondition(width == other.width && height == other.height, "IoU of masks of different sizes")
    var intersection = 0.0, union = 0.0
    for i in 0..<coverage.count {
      let a = Double(coverage[i]), b = Double(other.coverage[i])
      intersection += min(a, b)
      union += max(a, b)
    }
    return union == 0 ? 1 : intersection / union
  }

  /// Intersection over union of the cores (α ≥ 0.5) of two masks of the same size; 1 when both
  /// are empty.
  public func coreIoU(_ other: AlphaMask) -> Double {
    precondition(width == other.width && height == other.height, "IoU of masks of different sizes")
    var intersection = 0, union = 0
    for i in 0..<coverage.count {
      let a = coverage[i] >= 0.5, b = other.coverage[i] >= 0.5
      if a && b { intersection += 1 }
      if a || b { union += 1 }
    }
    return union == 0 ? 1 : Double(intersection) / Double(union)
  }
}
