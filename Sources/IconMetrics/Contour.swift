// SPDX-License-Identifier: GPL-3.0-or-later
import IconRaster

/// The iso-lines of a coverage image at one level (α = 0.5 by default), as closed sub-pixel polygons.
///
/// Marching squares (W. E. Lorensen, H. E. Cline, "Marching cubes: a high resolution 3D surface
/// construction algorithm", *SIGGRAPH '87*, doi:10.1145/37402.37422, in its 2-D form) on the grid of
/// pixel centres, with the crossing on each cell edge placed by linear interpolation of the two
/// coverages. The image is padded with one transparent pixel on every side, so every contour closes.
/// Saddle cells are resolved by the mean of their four corners (≥ level joins the inside corners),
/// which matches 8-connectivity of the inside on binary images.
///
/// Every segment is directed with the inside on the same side, so the loops chain without search:
/// each crossed cell edge starts exactly one segment and ends exactly one.
///
/// Coordinates are pixels, x right and y down, pixel (i, j) covering [i, i + 1) × [j, j + 1): the
/// level-0.5 contour of a pixel-aligned opaque rectangle lies on its edges, except that every convex
/// corner is cut by a 0.5 × 0.5 px diagonal (a property of marching squares at any resolution).
///
/// - Complexity: O(width · height) time and memory.
public struct Contour: Sendable, Equatable {
  /// The iso-level.
  public let level: Float
  /// Closed polygons in px (the first point is not repeated at the end).
  public var loops: [[Point2D]]
  /// Total length of all loops, in px.
  public var length: Double
  /// The bounding box of every contour point in px; `nil` when nothing reaches the level.
  public var bounds: Rect2D?
  /// The contour points that can be vertices of their convex hull: on each horizontal grid line
  /// (y = j − 0.5) the leftmost and the rightmost crossing, on each vertical one (x = i − 0.5) the
  /// top and the bottom one, rows first, then columns (a point may appear twice). Every other
  /// point lies on the segment between two of these, so it is no vertex: ``ConvexHull`` of these
  /// is that of ``points`` (O(width + height) points instead of O(length)), and their bounding box
  /// is ``bounds``.
  public var hullCandidates: [Point2D]

  /// Every contour point, loop after loop.
  public var points: [Point2D] { loops.flatMap { $0 } }

  public init(mask: AlphaMask, level: Float = 0.5) {
    self.init(coverage: mask.coverage, width: mask.width, height: mask.height, level: level)
  }

  /// - Precondition: `coverage.count == width * height`.
  public init(coverage: [Float], width: Int, height: Int, level: Float = 0.5) {
    precondition(
      width >= 0 && height >= 0 && coverage.count == width * height,
      "coverage count does not match the size")
    // Which nodes are inside (α ≥ level), a byte each, padded by one outside node on every side.
    let pw = width + 2
    var inside = [UInt8](repeating: 0, count: pw * (height + 2))
    coverage.withUnsafeBufferPointer { src in
      inside.withUnsafeMutableBufferPointer { dst in
        for y in 0..<height {
          for x in 0..<width { dst[(y &+ 1) &* pw &+ x &+ 1] = src[y &* width &+ x] >= level ? 1 : 0 }
        }
      }
    }
    self.init(coverage: coverage, width: width, height: height, level: level, insideGrid: inside, keepLoops: true)
  }

  /// From the nodes inside (α ≥ `level`) as a grid padded with one outside node on every side
  /// (`(width + 2) × (height + 2)` bytes of 0 or 1; ``MetricsEngine`` has it as its core). Without
  /// `keepLoops`, ``loops`` is empty and only ``length`` is kept of them: the same sum, taken in the
  /// same order while the segments are chained.
  init(coverage: [Float], width: Int, height: Int, level: Float, insideGrid: [UInt8], keepLoops: Bool) {
    self.level = level
    let pw = width + 2
    let ph = height + 2
    precondition(insideGrid.count == pw * ph, "grid count does not match the size")
    // The segment starting at each crossed edge, by edge index (2 · node, + 1 for the edge down).
    // Only crossed edges are written and read (each starts one segment and ends one), so the
    // buffer is not filled first.
    let startAt = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 2 * pw * ph)
    defer { startAt.deallocate() }
    // The extreme crossings of each grid line: x on the horizontal lines (rows of nodes), y on the
    // vertical ones (columns).
    var lineLow = [Double](repeating: .infinity, count: pw + ph)
    var lineHigh = [Double](repeating: -.infinity, count: pw + ph)

    // The segments, by the index of the crossed edge each starts from: their start points and the
    // edges they end at, appended in raster order of their cells.
    var segments = Segments(capacity: 4 &* (pw &+ ph))
    defer { segments.deallocate() }
    coverage.withUnsafeBufferPointer { coverage in
      insideGrid.withUnsafeBufferPointer { insideBytes in
      let raw = UnsafeRawPointer(insideBytes.baseAddress!)
      lineLow.withUnsafeMutableBufferPointer { lineLow in
      lineHigh.withUnsafeMutableBufferPointer { lineHigh in
      do {
        /// The coverage at padded node (i, j): 0 on the frame.
        @inline(__always) func value(_ i: Int, _ j: Int) -> Float {
          // 1 ≤ i ≤ width and 1 ≤ j ≤ height: not on the frame.
          UInt(bitPattern: i &- 1) < UInt(bitPattern: width) && UInt(bitPattern: j &- 1) < UInt(bitPattern: height)
            ? coverage[(j &- 1) &* width &+ i &- 1] : 0
        }
        /// The crossing on edge `e` (even: from node e/2 to its right; odd: to the node below) of
        /// the cell whose top-left node is (i, j) (the edge's node is that one, the one right of
        /// it or the one below it: no division).
        func crossing(_ e: Int, cell i: Int, _ j: Int) -> Point2D {
          let offset = (e >> 1) &- (j &* pw &+ i)
          let i = offset == 1 ? i &+ 1 : i
          let j = offset == pw ? j &+ 1 : j
          let va = Double(value(i, j))
          let vb = Double(e & 1 == 0 ? value(i &+ 1, j) : value(i, j &+ 1))
          let t = (Double(level) - va) / (vb - va)
          let x = Double(i) - 0.5
          let y = Double(j) - 0.5
          if e & 1 == 0 {
            lineLow[j] = min(lineLow[j], x + t)
            lineHigh[j] = max(lineHigh[j], x + t)
            return Point2D(x: x + t, y: y)
          }
          lineLow[ph &+ i] = min(lineLow[ph &+ i], y + t)
          lineHigh[ph &+ i] = max(lineHigh[ph &+ i], y + t)
          return Point2D(x: x, y: y + t)
        }
        guard ph >= 2 else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        for j in 0..<(ph &- 1) {
          var next = 0
          // The mixed cells (corners not all inside or all outside) of the group of eight cells
          // from `group` on: byte k is 1 when cell group + k is mixed. Visited in order, so the
          // segments come in the raster order of a scan of every cell.
          var pending: UInt64 = 0
          var group = 0
          while true {
            let i: Int
            if pending != 0 {
              i = group &+ pending.trailingZeroBitCount &>> 3
              pending &= pending &- 1
            } else if next >= pw &- 1 {
              break
            } else if next &+ 8 <= pw &- 1 {
              // Cells next…next+7 read nodes next…next+8 of rows j and j + 1 (0 or 1 a byte).
              let tl = j &* pw &+ next
              let a = raw.loadUnaligned(fromByteOffset: tl, as: UInt64.self)
              let b = raw.loadUnaligned(fromByteOffset: tl &+ 1, as: UInt64.self)
              let c = raw.loadUnaligned(fromByteOffset: tl &+ pw, as: UInt64.self)
              let d = raw.loadUnaligned(fromByteOffset: tl &+ pw &+ 1, as: UInt64.self)
              pending = ((a ^ b) | (a ^ c) | (a ^ d)) & ones
              group = next
              next &+= 8
              continue
            } else {
              i = next
              next &+= 1
            }
            let tl = j &* pw &+ i
            // Corner k inside: its coverage ≥ level (the grid's byte).
            let in0 = insideBytes[tl] != 0
            let in1 = insideBytes[tl &+ 1] != 0
            let in2 = insideBytes[tl &+ pw &+ 1] != 0
            let in3 = insideBytes[tl &+ pw] != 0
            if in0 == in1 && in1 == in2 && in2 == in3 { continue }
            // Cell edges in clockwise order (y down): top, right, bottom, left.
            let top = 2 &* tl
            let right = 2 &* (tl &+ 1) &+ 1
            let bottom = 2 &* (tl &+ pw)
            let left = 2 &* tl &+ 1
            if in0 == in2 && in1 == in3 {
              let joined = (value(i, j) + value(i &+ 1, j) + value(i &+ 1, j &+ 1) + value(i, j &+ 1)) * 0.25 >= level
              if in0 {
                // Entering edges: right (c1→c2) and left (c3→c0).
                if joined {
                  segments.append(right, top, crossing(right, cell: i, j), startAt)
                  segments.append(left, bottom, crossing(left, cell: i, j), startAt)
                } else {
                  segments.append(right, bottom, crossing(right, cell: i, j), startAt)
                  segments.append(left, top, crossing(left, cell: i, j), startAt)
                }
              } else {
                // Entering edges: top (c0→c1) and bottom (c2→c3).
                if joined {
                  segments.append(top, left, crossing(top, cell: i, j), startAt)
                  segments.append(bottom, right, crossing(bottom, cell: i, j), startAt)
                } else {
                  segments.append(top, right, crossing(top, cell: i, j), startAt)
                  segments.append(bottom, left, crossing(bottom, cell: i, j), startAt)
                }
              }
              continue
            }
            let edges = (top, right, bottom, left)
            let inside = (in0, in1, in2, in3)
            var entering = 0
            var exiting = 0
            for k in 0..<4 {
              let a = Self.component(inside, k)
              let b = Self.component(inside, (k &+ 1) & 3)
              if !a && b { entering = Self.component(edges, k) }
              if a && !b { exiting = Self.component(edges, k) }
            }
            segments.append(entering, exiting, crossing(entering, cell: i, j), startAt)
          }
        }
      }
      }
      }
      }
    }
    let startPoint = UnsafeBufferPointer(start: segments.points, count: segments.count)
    let endEdge = UnsafeBufferPointer(start: segments.ends, count: segments.count)

    // Chain the segments into loops.
    var loops: [[Point2D]] = []
    var total = 0.0
    var visited = [Bool](repeating: false, count: startPoint.count)
    for first in 0..<startPoint.count where !visited[first] {
      if !keepLoops {
        // Σ |p₍ₖ₊₁₎ − pₖ| along the loop, closing back to its first point: the loop's sum below.
        let start = startPoint[first]
        var a = start
        visited[first] = true
        var current = Int(startAt[Int(endEdge[first])])
        while current >= 0 && !visited[current] {
          visited[current] = true
          let b = startPoint[current]
          total += (b - a).length
          a = b
          current = Int(startAt[Int(endEdge[current])])
        }
        total += (start - a).length
        continue
      }
      var loop: [Point2D] = []
      var current = first
      while current >= 0 && !visited[current] {
        visited[current] = true
        loop.append(startPoint[current])
        current = Int(startAt[Int(endEdge[current])])
      }
      for k in 0..<loop.count {
        let a = loop[k]
        let b = loop[(k + 1) % loop.count]
        total += (b - a).length
      }
      loops.append(loop)
    }
    self.loops = loops
    self.length = total
    var candidates: [Point2D] = []
    candidates.reserveCapacity(2 * (pw + ph))
    for j in 0..<ph where lineLow[j] <= lineHigh[j] {
      let y = Double(j) - 0.5
      candidates.append(Point2D(x: lineLow[j], y: y))
      if lineHigh[j] != lineLow[j] { candidates.append(Point2D(x: lineHigh[j], y: y)) }
    }
    for i in 0..<pw where lineLow[ph + i] <= lineHigh[ph + i] {
      let x = Double(i) - 0.5
      candidates.append(Point2D(x: x, y: lineLow[ph + i]))
      if lineHigh[ph + i] != lineLow[ph + i] { candidates.append(Point2D(x: x, y: lineHigh[ph + i])) }
    }
    self.hullCandidates = candidates
    self.bounds = Rect2D(bounding: candidates)
  }

  /// The segments found so far: start points and end edges, in buffers that grow by doubling
  /// (appended without the checks of an array's append).
  private struct Segments {
    var points: UnsafeMutablePointer<Point2D>
    var ends: UnsafeMutablePointer<Int32>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 16)
      points = .allocate(capacity: self.capacity)
      ends = .allocate(capacity: self.capacity)
    }

    func deallocate() {
      points.deallocate()
      ends.deallocate()
    }

    /// Records the segment from crossed edge `from` (at `point`) to crossed edge `to`.
    @inline(__always)
    mutating func append(_ from: Int, _ to: Int, _ point: Point2D, _ startAt: UnsafeMutableBufferPointer<Int32>) {
      if count == capacity { grow() }
      startAt[from] = Int32(truncatingIfNeeded: count)
      (points + count).initialize(to: point)
      (ends + count).initialize(to: Int32(truncatingIfNeeded: to))
      count &+= 1
    }

    private mutating func grow() {
      let larger = 2 &* capacity
      let newPoints = UnsafeMutablePointer<Point2D>.allocate(capacity: larger)
      let newEnds = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
      newPoints.moveInitialize(from: points, count: count)
      newEnds.moveInitialize(from: ends, count: count)
      deallocate()
      points = newPoints
      ends = newEnds
      capacity = larger
    }
  }

  @inline(__always)
  private static func component<T>(_ tuple: (T, T, T, T), _ k: Int) -> T {
    switch k {
    case 0: tuple.0
    case 1: tuple.1
    case 2: tuple.2
    default: tuple.3
    }
  }
}
