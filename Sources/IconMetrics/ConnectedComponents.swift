// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Connected-component labelling of a binary image: 8-connected foreground, 4-connected background
/// (the pair of connectivities for which the Euler number is well defined), with the holes counted.
///
/// Labelling is a flood fill with an explicit stack (A. Rosenfeld, J. L. Pfaltz, "Sequential
/// operations in digital picture processing", *J. ACM* 13 (1966), pp. 471–494,
/// doi:10.1145/321356.321357, defines the components and connectivities). A hole is a 4-connected
/// background component that does not reach the border of the image (the image is padded with one
/// background pixel, so all background touching the border is one component). The Euler number is
/// `count − holes`.
///
/// - Complexity: O(width · height) time and memory.
public struct ConnectedComponents: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Row-major labels: 0 for background, 1…count for the foreground components, numbered in raster
  /// order of their first pixel.
  public var labels: [Int32]
  /// Number of 8-connected foreground components.
  public var count: Int
  /// Number of 4-connected background components enclosed by the foreground.
  public var holes: Int

  /// Euler number: components − holes.
  public var eulerNumber: Int { count - holes }

  /// Labels the pixels whose coverage is at least `threshold` (the core at 0.5).
  public init(mask: AlphaMask, threshold: Float = 0.5) {
    self.init(
      foreground: mask.coverage.map { $0 >= threshold }, width: mask.width,
      height: mask.height)
  }

  /// - Precondition: `foreground.count == width * height`.
  public init(foreground: [Bool], width: Int, height: Int) {
    precondition(
      width >= 0 && height >= 0 && foreground.count == width * height,
      "foreground count does not match the size")
    self.width = width
    self.height = height
    // Padded copy: 1 foreground, 0 background; labels on the padded grid.
    let pw = width + 2
    let ph = height + 2
    var grid = [UInt8](repeating: 0, count: pw * ph)
    for y in 0..<height {
      for x in 0..<width where foreground[y * width + x] {
        grid[(y + 1) * pw + x + 1] = 1
      }
    }
    var label = [Int32](repeating: 0, count: pw * ph)
    var stack: [Int] = []
    var components = 0
    var backgroundComponents = 0
    let eight = [-pw - 1, -pw, -pw + 1, -1, 1, pw - 1, pw, pw + 1]
    let four = [-pw, -1, 1, pw]
    for start in 0..<(pw * ph) where label[start] == 0 {
      let isForeground = grid[start] == 1
      let id: Int32
      if isForeground {
        components += 1
        id = Int32(components)
      } else {
        backgroundComponents += 1
        id = -Int32(backgroundComponents)
      }
      let offsets = isForeground ? eight : four
      label[start] = id
      stack.append(start)
      while let p = stack.popLast() {
        let px = p % pw
        for offset in offsets {
          let q = p + offset
          // Stay on the padded grid and do not wrap across rows.
          guard q >= 0 && q < pw * ph else { continue }
          let dx = q % pw - px
          guard dx >= -1 && dx <= 1 else { continue }
          if label[q] == 0 && grid[q] == grid[p] {
            label[q] = id
            stack.append(q)
          }
        }
      }
    }
    var labels = [Int32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        labels[y * width + x] = max(0, label[(y + 1) * pw + x + 1])
      }
    }
    self.labels = labels
    self.count = components
    // The padding's background component is the outside, not a hole.
    self.holes = max(0, backgroundComponents - 1)
  }
}
