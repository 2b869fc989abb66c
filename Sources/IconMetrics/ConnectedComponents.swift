// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// Connected-component labelling of a binary image: 8-connected foreground, 4-connected background
/// (the pair of connectivities for which the Euler number is well defined), with the holes counted.
///
/// Labelling joins the foreground's horizontal runs by union–find, in the two passes of A. Rosenfeld,
/// J. L. Pfaltz, "Sequential operations in digital picture processing", *J. ACM* 13 (1966),
/// pp. 471–494, doi:10.1145/321356.321357 (which defines the components and connectivities). A hole is a 4-connected
/// background component that does not reach the border of the image. The holes are counted through
/// the Euler number `count − holes` of the union of the foreground's closed pixel squares (squares
/// that share a corner touch: 8-connected foreground, 4-connected background). The runs are its
/// contractible pieces; two runs of consecutive rows meet in a segment or a corner, and no three
/// meet, so by the nerve theorem the union has the homotopy type of the graph of runs and their
/// contacts: Euler number = runs − contacts, counted while the runs are joined. It equals Gray's
/// bit-quad count (n₁ − n₃ − 2 n_D) ÷ 4 over the 2 × 2 windows of the padded image
/// (S. B. Gray, "Local properties of binary images in two dimensions", *IEEE Trans. Computers* C-20
/// (1971), pp. 551–561, doi:10.1109/T-C.1971.223289; ``eulerNumber(paddedGrid:width:height:)``, kept
/// as the reference the tests compare with), without a second pass over the pixels.
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

  /// Pixels of the holes (the background enclosed by the foreground): the filled silhouette is the
  /// foreground plus these (``Runs/enclosedAreaPx``).
  public var enclosedAreaPx: Int

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
    let runs = Runs(paddedGrid: grid, width: width, height: height)
    var labels = [Int32](repeating: 0, count: width * height)
    let components = labels.withUnsafeMutableBufferPointer { labels in
      runs.label(labels, width: width)
    }
    self.labels = labels
    self.count = components
    self.holes = components - runs.eulerNumber
    self.enclosedAreaPx = runs.enclosedAreaPx(width: width, height: height)
  }

  /// Components and holes of a foreground grid (1 = foreground) padded by one background pixel on
  /// every side, without the labels.
  package static func topology(paddedGrid grid: [UInt8], width: Int, height: Int)
    -> (components: Int, holes: Int, enclosedAreaPx: Int)
  {
    let runs = Runs(paddedGrid: grid, width: width, height: height)
    return (runs.componentCount, runs.componentCount - runs.eulerNumber, runs.enclosedAreaPx(width: width, height: height))
  }

  /// The foreground's horizontal runs, joined into 8-connected components by union–find (runs
  /// of consecutive rows that overlap or touch diagonally belong together): a few hundred runs
  /// for the thousands of pixels of an icon, against eight neighbour visits a pixel for a flood fill.
  /// Rosenfeld–Pfaltz's two-pass labelling, on runs.
  struct Runs {
    /// Row (0-based, unpadded), first column and one past the last (unpadded) of each run, in
    /// raster order.
    var row: [Int32] = []
    var start: [Int32] = []
    var end: [Int32] = []
    /// Union–find parents over the runs; roots point to themselves.
    var parent: [Int32] = []
    /// Number of components (distinct roots).
    var componentCount = 0
    /// Runs − contacts (pairs of runs in consecutive rows that share a column or a corner): the
    /// Euler number of the foreground (see the type's documentation).
    var eulerNumber = 0

    init(paddedGrid grid: [UInt8], width: Int, height: Int) {
      let pw = width &+ 2
      var unions = 0
      var contacts = 0
      grid.withUnsafeBufferPointer { g in
        let raw = UnsafeRawPointer(g.baseAddress.unsafelyUnwrapped)
        var previous = 0..<0  // the runs of the row above
        for y in 0..<height {
          let base = (y &+ 1) &* pw &+ 1
          let first = start.count
          var x = 0
          while x < width {
            // Eight background pixels at once (x + 8 ≤ width: inside the row).
            if x &+ 8 <= width && raw.loadUnaligned(fromByteOffset: base &+ x, as: UInt64.self) == 0 {
              x &+= 8
              continue
            }
            if g[base &+ x] == 0 {
              x &+= 1
              continue
            }
            let s = x
            // Foreground pixels are 1: eight at once while the word is all ones.
            while x &+ 8 <= width
              && raw.loadUnaligned(fromByteOffset: base &+ x, as: UInt64.self) == 0x0101_0101_0101_0101
            {
              x &+= 8
            }
            while x < width && g[base &+ x] != 0 { x &+= 1 }
            let k = Int32(truncatingIfNeeded: start.count)
            row.append(Int32(truncatingIfNeeded: y))
            start.append(Int32(truncatingIfNeeded: s))
            end.append(Int32(truncatingIfNeeded: x))
            parent.append(k)
            // Join the runs above that share a column or touch a corner: start ≤ x and end ≥ s.
            var q = previous.lowerBound
            while q < previous.upperBound && Int(start[q]) <= x {
              if Int(end[q]) >= s {
                contacts &+= 1
                if Self.union(&parent, Int32(truncatingIfNeeded: q), k) { unions &+= 1 }
              }
              q &+= 1
            }
            // Runs above that end before this one's start cannot touch the next run of this row.
            while previous.lowerBound < previous.upperBound && Int(end[previous.lowerBound]) < x {
              previous = (previous.lowerBound &+ 1)..<previous.upperBound
            }
          }
          previous = first..<start.count
        }
      }
      componentCount = start.count &- unions
      eulerNumber = start.count &- contacts
    }

    /// Pixels of the background not 4-connected to the image's border (the holes), from the runs
    /// alone: the background of a row is the gaps between its runs; the gap before the first run
    /// and after the last (and a row without runs) reach the border, as does every gap of the first
    /// and last rows; a gap joins the gaps of the row above whose columns it shares (4-connected
    /// background). Gaps are joined by union–find with the border as one more node; the enclosed
    /// area is the width of the gaps not joined to it. A ring's is the disc inside, a `#`'s the
    /// square between its bars, a `C`'s nothing.
    ///
    /// - Complexity: O(runs + height) (a merge of each row's gaps with the row above's), no pixel
    ///   visited.
    func enclosedAreaPx(width: Int, height: Int) -> Int {
      guard start.count > 1 else { return 0 }
      // Interior gaps (between two runs of a row): columns and union–find parent; node 0 is the border.
      var gapStart: [Int32] = [0], gapEnd: [Int32] = [0], gapParent: [Int32] = [0]
      // The row above's gaps as (first column, one past the last, node), border gaps included.
      var above: [(s: Int32, e: Int32, node: Int32)] = [(0, Int32(truncatingIfNeeded: width), 0)]
      var current: [(s: Int32, e: Int32, node: Int32)] = []
      var k = 0
      let w = Int32(truncatingIfNeeded: width)
      for y in 0..<height {
        current.removeAll(keepingCapacity: true)
        let y32 = Int32(truncatingIfNeeded: y)
        let first = k
        while k < start.count && row[k] == y32 { k &+= 1 }
        if first == k {
          current.append((0, w, 0))
        } else {
          if start[first] > 0 { current.append((0, start[first], 0)) }
          let edgeRow = y == 0 || y == height &- 1
          var q = first
          while q &+ 1 < k {
            let node = Int32(truncatingIfNeeded: gapStart.count)
            gapStart.append(end[q])
            gapEnd.append(start[q &+ 1])
            gapParent.append(edgeRow ? 0 : node)
            current.append((end[q], start[q &+ 1], node))
            q &+= 1
          }
          if end[k &- 1] < w { current.append((end[k &- 1], w, 0)) }
        }
        // Join the gaps that share a column with a gap above (both lists are sorted by column).
        var a = 0
        for g in current {
          while a < above.count && above[a].e <= g.s { a &+= 1 }
          var b = a
          while b < above.count && above[b].s < g.e {
            _ = Self.union(&gapParent, above[b].node, g.node)
            b &+= 1
          }
        }
        swap(&above, &current)
      }
      let border = Self.find(&gapParent, 0)
      var area = 0
      for g in 1..<gapStart.count where Self.find(&gapParent, Int32(truncatingIfNeeded: g)) != border {
        area &+= Int(gapEnd[g] &- gapStart[g])
      }
      return area
    }

    /// The root of run `k`, halving the path on the way.
    @inline(__always)
    static func find(_ parent: inout [Int32], _ k: Int32) -> Int32 {
      var k = Int(k)
      while Int(parent[k]) != k {
        let grand = parent[Int(parent[k])]
        parent[k] = grand
        k = Int(grand)
      }
      return Int32(truncatingIfNeeded: k)
    }

    /// Joins the sets of runs `a` and `b`; false when they were already one.
    @inline(__always)
    static func union(_ parent: inout [Int32], _ a: Int32, _ b: Int32) -> Bool {
      let ra = find(&parent, a)
      let rb = find(&parent, b)
      guard ra != rb else { return false }
      // The older run stays the root.
      if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
      return true
    }

    /// Writes the labels (components numbered 1, 2, … in raster order of their first pixel, which
    /// is the first pixel of their first run) into an unpadded `width`-wide buffer of zeros;
    /// returns the number of components.
    func label(_ labels: UnsafeMutableBufferPointer<Int32>, width: Int) -> Int {
      var parent = self.parent
      var id = [Int32](repeating: 0, count: parent.count)
      var next: Int32 = 0
      for k in 0..<start.count {
        let root = Int(Self.find(&parent, Int32(truncatingIfNeeded: k)))
        if id[root] == 0 {
          next &+= 1
          id[root] = next
        }
        let value = id[root]
        let rowStart = Int(row[k]) &* width
        for x in Int(start[k])..<Int(end[k]) { labels[rowStart &+ x] = value }
      }
      return Int(next)
    }
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
