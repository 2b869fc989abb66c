// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Connected-component labelling of a binary image: 8-connected foreground, 4-connected background
/// (the pair of connectivities for which the Euler number is well defined), with the holes counted.
///
/// Labelling is a flood fill with an explicit stack (A. Rosenfeld, J. L. Pfaltz, "Sequential
/// operations in digital picture processing", *J. ACM* 13 (1966), pp. 471–494,
/// doi:10.1145/321356.321357, defines the components and connectivities). A hole is a 4-connected
/// background component that does not reach the border of the image (the image is padded with one
/// background ring, so all background touching the border is one component). The Euler number is
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
    let width = mask.width
    let height = mask.height
    let pw = width + 4
    var grid = [UInt8](repeating: 0, count: pw * (height + 4))
    mask.coverage.withUnsafeBufferPointer { alpha in
      grid.withUnsafeMutableBufferPointer { grid in
        for y in 0..<height {
          let row = y &* width
          let out = (y &+ 2) &* pw &+ 2
          for x in 0..<width { grid[out &+ x] = alpha[row &+ x] >= threshold ? 1 : 0 }
        }
      }
    }
    self.init(paddedGrid: grid, width: width, height: height)
  }

  /// - Precondition: `foreground.count == width * height`.
  public init(foreground: [Bool], width: Int, height: Int) {
    precondition(
      width >= 0 && height >= 0 && foreground.count == width * height,
      "foreground count does not match the size")
    let pw = width + 4
    var grid = [UInt8](repeating: 0, count: pw * (height + 4))
    foreground.withUnsafeBufferPointer { foreground in
      grid.withUnsafeMutableBufferPointer { grid in
        for y in 0..<height {
          let row = y &* width
          let out = (y &+ 2) &* pw &+ 2
          for x in 0..<width where foreground[row &+ x] { grid[out &+ x] = 1 }
        }
      }
    }
    self.init(paddedGrid: grid, width: width, height: height)
  }

  /// From a foreground grid (1 = foreground, 0 = background) padded by two background pixels on
  /// every side: `(width + 4) × (height + 4)`.
  private init(paddedGrid grid: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    // The grid is padded by two: an outer ring that is never visited (so neighbours need no bounds
    // checks) around a ring of background that joins all background touching the border.
    let pw = width + 4
    let ph = height + 4
    // One array holds both the state and the label of every pixel: the wall (the outer ring),
    // unvisited foreground or background, then the label (> 0 foreground, < 0 background), so a
    // neighbour is tested with one load.
    let wall = Int32.min
    let unvisitedForeground = Int32.max
    let unvisitedBackground: Int32 = 0
    var label = [Int32](repeating: unvisitedBackground, count: pw * ph)
    // The flood fill runs on buffer pointers with a preallocated stack (each pixel is pushed at
    // most once), all locals of the closure: no captured variable, so no dynamic exclusivity
    // checks in the inner loop.
    let (components, backgroundComponents) = grid.withUnsafeBufferPointer { grid -> (Int32, Int32) in
      label.withUnsafeMutableBufferPointer { label -> (Int32, Int32) in
        for x in 0..<pw {
          label[x] = wall
          label[(ph &- 1) &* pw &+ x] = wall
        }
        for y in 0..<ph {
          label[y &* pw] = wall
          label[y &* pw &+ pw &- 1] = wall
        }
        for p in pw..<(pw &* ph &- pw) where grid[p] != 0 { label[p] = unvisitedForeground }
        var components: Int32 = 0
        var backgroundComponents: Int32 = 0
        let stack = UnsafeMutablePointer<Int>.allocate(capacity: pw &* ph)
        defer { stack.deallocate() }
        for start in pw..<(pw &* ph &- pw) {
          let state = label[start]
          guard state == unvisitedForeground || state == unvisitedBackground else { continue }
          let isForeground = state == unvisitedForeground
          let id: Int32
          if isForeground {
            components &+= 1
            id = components
          } else {
            backgroundComponents &+= 1
            id = 0 &- backgroundComponents
          }
          label[start] = id
          var top = 0
          stack[top] = start
          top &+= 1
          @inline(__always) func visit(_ q: Int) {
            if label[q] == state {
              label[q] = id
              stack[top] = q
              top &+= 1
            }
          }
          if isForeground {
            while top > 0 {
              top &-= 1
              let p = stack[top]
              visit(p &- pw &- 1)
              visit(p &- pw)
              visit(p &- pw &+ 1)
              visit(p &- 1)
              visit(p &+ 1)
              visit(p &+ pw &- 1)
              visit(p &+ pw)
              visit(p &+ pw &+ 1)
            }
          } else {
            while top > 0 {
              top &-= 1
              let p = stack[top]
              visit(p &- pw)
              visit(p &- 1)
              visit(p &+ 1)
              visit(p &+ pw)
            }
          }
        }
        return (components, backgroundComponents)
      }
    }
    var labels = [Int32](repeating: 0, count: width * height)
    label.withUnsafeBufferPointer { label in
      labels.withUnsafeMutableBufferPointer { labels in
        for y in 0..<height {
          let row = y &* width
          let source = (y &+ 2) &* pw &+ 2
          for x in 0..<width { labels[row &+ x] = max(0, label[source &+ x]) }
        }
      }
    }
    self.labels = labels
    self.count = Int(components)
    // The padding's background component is the outside, not a hole.
    self.holes = max(0, Int(backgroundComponents) - 1)
  }
}
