// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Connected-component labelling of a binary image: 8-connected foreground, 4-connected background
/// (the pair of connectivities for which the Euler number is well defined), with the holes counted.
///
/// Labelling is a flood fill of the foreground with an explicit stack (A. Rosenfeld, J. L. Pfaltz,
/// "Sequential operations in digital picture processing", *J. ACM* 13 (1966), pp. 471–494,
/// doi:10.1145/321356.321357, defines the components and connectivities). A hole is a 4-connected
/// background component that does not reach the border of the image. The holes are counted through
/// the Euler number `count − holes`, which is local: with the image padded by one background pixel,
/// (n₁ − n₃ − 2 n_D) ÷ 4 over its 2 × 2 windows, n₁ and n₃ the windows with one and three foreground
/// pixels and n_D those with two diagonal ones (S. B. Gray, "Local properties of binary images in two
/// dimensions", *IEEE Trans. Computers* C-20 (1971), pp. 551–561, doi:10.1109/T-C.1971.223289).
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
    self.init(paddedGrid: Self.paddedGrid(mask.coverage, width: mask.width, height: mask.height) { $0 >= threshold },
              width: mask.width, height: mask.height)
  }

  /// Labels the core (α ≥ 0.5) of a compact mask: the bytes of 128 and more (127 ÷ 255 < 0.5 ≤
  /// 128 ÷ 255), the same pixels as `init(mask: mask.alphaMask)`, without expanding it.
  public init(core mask: CompactMask) {
    self.init(paddedGrid: Self.paddedGrid(mask.bytes, width: mask.width, height: mask.height) { $0 >= 128 },
              width: mask.width, height: mask.height)
  }

  /// The foreground (1) of row-major values as a grid padded by one background (0) pixel on every side.
  @inline(__always)
  static func paddedGrid<Value>(_ values: [Value], width: Int, height: Int, isForeground: (Value) -> Bool) -> [UInt8] {
    let pw = width + 2
    var grid = [UInt8](repeating: 0, count: pw * (height + 2))
    values.withUnsafeBufferPointer { values in
      grid.withUnsafeMutableBufferPointer { grid in
        for y in 0..<height {
          let row = y &* width
          let out = (y &+ 1) &* pw &+ 1
          for x in 0..<width { grid[out &+ x] = isForeground(values[row &+ x]) ? 1 : 0 }
        }
      }
    }
    return grid
  }

  /// - Precondition: `foreground.count == width * height`.
  public init(foreground: [Bool], width: Int, height: Int) {
    precondition(
      width >= 0 && height >= 0 && foreground.count == width * height,
      "foreground count does not match the size")
    self.init(paddedGrid: Self.paddedGrid(foreground, width: width, height: height) { $0 }, width: width, height: height)
  }

  /// From a foreground grid (1 = foreground, 0 = background) padded by one background pixel on
  /// every side: `(width + 2) × (height + 2)`.
  init(paddedGrid grid: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    let pw = width + 2
    // Foreground pixels are never on the padding, so their neighbours need no bounds checks.
    var label = [Int32](repeating: 0, count: grid.count)
    let components = grid.withUnsafeBufferPointer { grid -> Int32 in
      label.withUnsafeMutableBufferPointer { label -> Int32 in
        Self.labelForeground(grid, pw, label)
      }
    }
    var labels = [Int32](repeating: 0, count: width * height)
    label.withUnsafeBufferPointer { label in
      labels.withUnsafeMutableBufferPointer { labels in
        for y in 0..<height {
          let row = y &* width
          let source = (y &+ 1) &* pw &+ 1
          for x in 0..<width { labels[row &+ x] = label[source &+ x] }
        }
      }
    }
    self.labels = labels
    self.count = Int(components)
    self.holes = Int(components) - Self.eulerNumber(paddedGrid: grid, width: width, height: height)
  }

  /// Components and holes of a foreground grid (1 = foreground) padded by one background pixel on
  /// every side, without the labels.
  package static func topology(paddedGrid grid: [UInt8], width: Int, height: Int)
    -> (components: Int, holes: Int)
  {
    var label = [Int32](repeating: 0, count: grid.count)
    let components = grid.withUnsafeBufferPointer { grid -> Int32 in
      label.withUnsafeMutableBufferPointer { label -> Int32 in
        labelForeground(grid, width &+ 2, label)
      }
    }
    return (Int(components), Int(components) - eulerNumber(paddedGrid: grid, width: width, height: height))
  }

  /// Labels the 8-connected foreground components of a padded grid 1, 2, … in raster order of
  /// their first pixel (`label` all 0 on entry; the background stays 0); returns their number.
  /// The flood fill runs on buffer pointers with a preallocated stack (each pixel is pushed at most
  /// once), all locals: no captured variable, so no dynamic exclusivity checks in the inner loop.
  private static func labelForeground(
    _ grid: UnsafeBufferPointer<UInt8>, _ pw: Int, _ label: UnsafeMutableBufferPointer<Int32>
  ) -> Int32 {
    let unvisited: Int32 = -1
    var foreground = 0
    for p in 0..<grid.count where grid[p] != 0 {
      label[p] = unvisited
      foreground &+= 1
    }
    guard foreground > 0 else { return 0 }
    let stack = UnsafeMutablePointer<Int>.allocate(capacity: foreground)
    defer { stack.deallocate() }
    var components: Int32 = 0
    for start in 0..<grid.count where label[start] == unvisited {
      components &+= 1
      let id = components
      label[start] = id
      var top = 0
      stack[top] = start
      top &+= 1
      while top > 0 {
        top &-= 1
        let p = stack[top]
        @inline(__always) func visit(_ q: Int) {
          if label[q] == unvisited {
            label[q] = id
            stack[top] = q
            top &+= 1
          }
        }
        visit(p &- pw &- 1)
        visit(p &- pw)
        visit(p &- pw &+ 1)
        visit(p &- 1)
        visit(p &+ 1)
        visit(p &+ pw &- 1)
        visit(p &+ pw)
        visit(p &+ pw &+ 1)
      }
    }
    return components
  }

  /// The Euler number (8-connected foreground, 4-connected background) of a padded grid, from its
  /// 2 × 2 windows (Gray's bit quads).
  static func eulerNumber(paddedGrid grid: [UInt8], width: Int, height: Int) -> Int {
    let pw = width &+ 2
    let ph = height &+ 2
    // 4 × the contribution of each window, by its pixels (top left, top right, bottom left,
    // bottom right as bits 0…3).
    let weights: (Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8) =
      (0, 1, 1, 0, 1, 0, -2, -1, 1, -2, 0, -1, 0, -1, -1, 0)
    return withUnsafeBytes(of: weights) { table in
      let w = table.bindMemory(to: Int8.self)
      return grid.withUnsafeBufferPointer { g in
        var sum = 0
        for y in 0..<(ph &- 1) {
          let row = y &* pw
          for x in 0..<(pw &- 1) {
            let p = row &+ x
            let code = Int(g[p]) | Int(g[p &+ 1]) << 1 | Int(g[p &+ pw]) << 2 | Int(g[p &+ pw &+ 1]) << 3
            sum &+= Int(w[code & 15])
          }
        }
        return sum / 4
      }
    }
  }
}
