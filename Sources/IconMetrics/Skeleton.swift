// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// The skeleton of a binary image (the core, α ≥ 0.5): 8-connected, one pixel wide, with the same
/// number of components and holes as the input.
///
/// Thinning by T. Y. Zhang, C. Y. Suen, "A fast parallel algorithm for thinning digital patterns",
/// *Communications of the ACM* 27 (1984), pp. 236–239, doi:10.1145/357994.358023: two alternating
/// sub-iterations mark border pixels with 2 ≤ B ≤ 6 neighbours and A = 1 transition (plus the
/// south-east / north-west conditions). The marked pixels are then deleted one by one, each re-checked
/// on the current image, so the known failure of the parallel version (2-pixel-thick diagonals and
/// 2×2 blocks vanishing) cannot happen: every deletion removes a simple point, so topology is kept.
/// A final pass removes the redundant corner pixels of 4-connected staircases (simple points with two
/// perpendicular 4-neighbours), so the result is one pixel wide in the 8-connected sense.
///
/// End points have one neighbour (or two adjacent ones). Junction pixels have a crossing number
/// (0 → 1 transitions around the 8-neighbourhood) of at least 3; adjacent junction pixels form one
/// junction.
///
/// - Complexity: O(width · height · k) for k thinning iterations (k ≤ half the thickest stroke); the
///   per-iteration work is proportional to the remaining foreground.
public struct Skeleton: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Row-major indices of the skeleton pixels, in raster order.
  public var pixels: [Int]
  /// Row-major indices of the end points.
  public var endPoints: [Int]
  /// Row-major indices of the junction pixels (several may belong to one junction).
  public var junctionPixels: [Int]
  /// Number of junctions: 8-connected clusters of junction pixels.
  public var junctionCount: Int

  /// The skeleton of the pixels whose coverage is at least `threshold`.
  public init(mask: AlphaMask, threshold: Float = 0.5) {
    self.init(foreground: mask.coverage.map { $0 >= threshold }, width: mask.width,
              height: mask.height)
  }

  /// - Precondition: `foreground.count == width * height`.
  public init(foreground: [Bool], width: Int, height: Int) {
    precondition(width >= 0 && height >= 0 && foreground.count == width * height,
                 "foreground count does not match the size")
    let pw = width + 2
    var grid = [UInt8](repeating: 0, count: pw * (height + 2))
    for y in 0..<height {
      for x in 0..<width where foreground[y * width + x] { grid[(y + 1) * pw + x + 1] = 1 }
    }
    self.init(paddedGrid: grid, width: width, height: height)
  }

  /// From a foreground grid (1 = foreground) padded with one background pixel on every side.
  init(paddedGrid: [UInt8], width: Int, height: Int) {
    self.width = width
    self.height = height
    let pw = width + 2
    var grid = paddedGrid
    let tables = Self.tables
    var skeleton: [Int] = []
    var ends: [Int] = []
    var junctions: [Int] = []

    grid.withUnsafeMutableBufferPointer { g in
      @inline(__always) func code(_ p: Int) -> Int {
        Int(g[p &- pw]) | Int(g[p &- pw &+ 1]) << 1 | Int(g[p &+ 1]) << 2
          | Int(g[p &+ pw &+ 1]) << 3 | Int(g[p &+ pw]) << 4 | Int(g[p &+ pw &- 1]) << 5
          | Int(g[p &- 1]) << 6 | Int(g[p &- pw &- 1]) << 7
      }
      var live: [Int] = []
      for p in 0..<g.count where g[p] != 0 { live.append(p) }
      var marked: [Int] = []
      var changed = true
      while changed {
        changed = false
        for step in 0..<2 {
          let table = step == 0 ? tables.step1 : tables.step2
          marked.removeAll(keepingCapacity: true)
          for p in live where table[code(p)] { marked.append(p) }
          for p in marked where table[code(p)] {
            g[p] = 0
            changed = true
          }
          if !marked.isEmpty { live.removeAll { g[$0] == 0 } }
        }
      }
      // Staircase corners.
      changed = true
      while changed {
        changed = false
        for p in live where g[p] != 0 && tables.staircase[code(p)] {
          g[p] = 0
          changed = true
        }
        if changed { live.removeAll { g[$0] == 0 } }
      }
      for p in live {
        let n = code(p)
        let index = (p / pw - 1) * width + (p % pw - 1)
        skeleton.append(index)
        if tables.isEnd[n] { ends.append(index) }
        if tables.crossings[n] >= 3 { junctions.append(index) }
      }
    }
    self.pixels = skeleton
    self.endPoints = ends
    self.junctionPixels = junctions
    self.junctionCount = Self.clusterCount(junctions, width: width)
  }

  /// Number of 8-connected clusters among the given pixels.
  private static func clusterCount(_ pixels: [Int], width: Int) -> Int {
    guard !pixels.isEmpty else { return 0 }
    let set = Set(pixels)
    var seen = Set<Int>()
    var clusters = 0
    for start in pixels where !seen.contains(start) {
      clusters += 1
      seen.insert(start)
      var stack = [start]
      while let p = stack.popLast() {
        let x = p % width, y = p / width
        for dy in -1...1 {
          for dx in -1...1 where dx != 0 || dy != 0 {
            let qx = x + dx, qy = y + dy
            guard qx >= 0 && qx < width && qy >= 0 else { continue }
            let q = qy * width + qx
            if set.contains(q) && !seen.contains(q) {
              seen.insert(q)
              stack.append(q)
            }
          }
        }
      }
    }
    return clusters
  }

  // MARK: - Neighbourhood tables

  /// Tables over the 256 neighbourhoods. Bit k is neighbour P(k+2) of Zhang–Suen's numbering,
  /// clockwise from north: N, NE, E, SE, S, SW, W, NW.
  struct Tables {
    var step1 = [Bool](repeating: false, count: 256)
    var step2 = [Bool](repeating: false, count: 256)
    var staircase = [Bool](repeating: false, count: 256)
    var isEnd = [Bool](repeating: false, count: 256)
    var crossings = [Int](repeating: 0, count: 256)
  }

  static let tables: Tables = {
    var t = Tables()
    for n in 0..<256 {
      func bit(_ k: Int) -> Bool { n >> (k & 7) & 1 == 1 }
      let b = n.nonzeroBitCount
      var a = 0
      for k in 0..<8 where !bit(k) && bit(k + 1) { a += 1 }
      let north = bit(0), east = bit(2), south = bit(4), west = bit(6)
      let zs = b >= 3 && b <= 6 && a == 1
      t.step1[n] = zs && !(north && east && south) && !(east && south && west)
      t.step2[n] = zs && !(north && east && west) && !(north && south && west)
      t.crossings[n] = a
      t.isEnd[n] = a == 1 && b >= 1 && b <= 2
      let perpendicular = (north && east) || (east && south) || (south && west) || (west && north)
      t.staircase[n] = b >= 2 && perpendicular && isSimple(n)
    }
    return t
  }()

  /// A pixel is simple for (8, 4) connectivity when its foreground neighbours form one 8-connected
  /// component and the background neighbours 4-adjacent to it form one 4-connected component.
  static func isSimple(_ n: Int) -> Bool {
    func bit(_ k: Int) -> Bool { n >> (k & 7) & 1 == 1 }
    // Foreground: ring neighbours k, k+1 are adjacent; so are 4-neighbours k, k+2 (k even).
    var parent = Array(0..<8)
    func find(_ i: Int) -> Int {
      var i = i
      while parent[i] != i { i = parent[i] }
      return i
    }
    func union(_ i: Int, _ j: Int) { parent[find(i)] = find(j) }
    for k in 0..<8 where bit(k) {
      if bit(k + 1) { union(k, (k + 1) & 7) }
      if k % 2 == 0 && bit(k + 2) { union(k, (k + 2) & 7) }
    }
    var roots = Set<Int>()
    for k in 0..<8 where bit(k) { roots.insert(find(k)) }
    guard roots.count == 1 else { return false }
    // Background: runs of zeros around the ring (consecutive positions are 4-adjacent) that contain
    // a 4-neighbour of the pixel.
    guard n != 255 else { return false }
    var runs = 0
    let startK = (0..<8).first { bit($0) }!
    var k = startK + 1
    var inRun = false, runTouches = false
    while k <= startK + 8 {
      if !bit(k) {
        if !inRun {
          inRun = true
          runTouches = false
        }
        if k % 2 == 0 { runTouches = true }
      } else if inRun {
        inRun = false
        if runTouches { runs += 1 }
      }
      k += 1
    }
    return runs == 1
  }
}
