// SPDX-License-Identifier: GPL-3.0-or-later

/// The convex hull of a set of points and its area.
///
/// Andrew's monotone chain: A. M. Andrew, "Another efficient algorithm for convex hulls in two
/// dimensions", *Information Processing Letters* 9 (1979), pp. 216–219,
/// doi:10.1016/0020-0190(79)90072-3. The area is the shoelace formula over the hull's vertices.
///
/// Vertices are in counter-clockwise order in a y-up frame (clockwise on screen, where y points down),
/// starting from the lowest-x (then lowest-y) point; collinear points are dropped. Fewer than three
/// distinct points give a degenerate hull (those points) of area 0.
///
/// - Complexity: O(n) to drop the points inside the octagon of extremes, then O(m log m) for the m
///   left (the sort), O(n) memory.
public struct ConvexHull: Sendable, Equatable {
  /// The hull polygon, not closed (the first vertex is not repeated).
  public var vertices: [Point2D]
  /// Area enclosed by the hull, in the square of the points' unit.
  public var area: Double

  public init(points: [Point2D]) {
    let sorted = Self.outsideOctagon(points).sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    var unique: [Point2D] = []
    unique.reserveCapacity(sorted.count)
    for p in sorted where unique.last != p { unique.append(p) }
    guard unique.count >= 3 else {
      vertices = unique
      area = 0
      return
    }
    @inline(__always) func cross(_ o: Point2D, _ a: Point2D, _ b: Point2D) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    var hull: [Point2D] = []
    hull.reserveCapacity(2 * unique.count)
    for p in unique {
      while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 {
        hull.removeLast()
      }
      hull.append(p)
    }
    let lowerCount = hull.count + 1
    for p in unique.reversed().dropFirst() {
      while hull.count >= lowerCount && cross(hull[hull.count - 2], hull[hull.count - 1], p) <= 0 {
        hull.removeLast()
      }
      hull.append(p)
    }
    hull.removeLast()  // the first point again
    vertices = hull
    area = Self.shoelaceArea(hull)
  }

  /// The points that may be hull vertices: all but those strictly inside the octagon of the extreme
  /// points in x, y, x + y and x − y (S. G. Akl, G. T. Toussaint, "A fast convex hull algorithm",
  /// *Information Processing Letters* 7 (1978), pp. 219–222, doi:10.1016/0020-0190(78)90003-0).
  /// Those vertices are hull points, so a point strictly inside their polygon is not a hull vertex:
  /// the hull is the same, and a contour's thousands of points are sorted as a few hundred. Points
  /// within a rounding margin of the octagon's edges are kept.
  static func outsideOctagon(_ points: [Point2D]) -> [Point2D] {
    guard points.count > 32 else { return points }
    // Counter-clockwise (x right, y up): max x, max x + y, max y, max y − x, min x, min x + y,
    // min y, max x − y; each as the largest of a linear form, and the first point where it is
    // reached. The largest values first (eight running maxima, no index to carry: with indices the
    // lanes took about 105 instructions a point on baseline x86-64), then each form's first point
    // of that value (the same operations give the same values).
    @inline(__always) func forms(_ p: Point2D) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
      (p.x, p.x + p.y, p.y, p.y - p.x, -p.x, -p.x - p.y, -p.y, p.x - p.y)
    }
    var best = SIMD8<Double>(repeating: -.infinity)
    var extreme = SIMD8<Int64>(repeating: 0)
    points.withUnsafeBufferPointer { points in
      var b0 = -Double.infinity, b1 = -Double.infinity, b2 = -Double.infinity, b3 = -Double.infinity
      var b4 = -Double.infinity, b5 = -Double.infinity, b6 = -Double.infinity, b7 = -Double.infinity
      for p in points {
        let f = forms(p)
        b0 = f.0 > b0 ? f.0 : b0
        b1 = f.1 > b1 ? f.1 : b1
        b2 = f.2 > b2 ? f.2 : b2
        b3 = f.3 > b3 ? f.3 : b3
        b4 = f.4 > b4 ? f.4 : b4
        b5 = f.5 > b5 ? f.5 : b5
        b6 = f.6 > b6 ? f.6 : b6
        b7 = f.7 > b7 ? f.7 : b7
      }
      best = SIMD8(b0, b1, b2, b3, b4, b5, b6, b7)
      /// The first index whose form `lane` equals `value`.
      @inline(__always) func first(_ lane: Int, _ value: Double) -> Int64 {
        for i in points.indices {
          let f = forms(points[i])
          let v: Double
          switch lane {
          case 0: v = f.0
          case 1: v = f.1
          case 2: v = f.2
          case 3: v = f.3
          case 4: v = f.4
          case 5: v = f.5
          case 6: v = f.6
          default: v = f.7
          }
          if v == value { return Int64(i) }
        }
        return 0
      }
      extreme = SIMD8(
        first(0, b0), first(1, b1), first(2, b2), first(3, b3), first(4, b4), first(5, b5), first(6, b6),
        first(7, b7))
    }
    var octagon: [Point2D] = []
    for lane in extreme.indices where octagon.last != points[Int(extreme[lane])] {
      octagon.append(points[Int(extreme[lane])])
    }
    if octagon.count > 1 && octagon.first == octagon.last { octagon.removeLast() }
    guard octagon.count >= 3 else { return points }
    let span = max(best[0] + best[4], best[2] + best[6])  // the extents in x and in y
    let margin = 1e-9 * span * span
    // The edges a → b, one a lane (lanes past the last edge repeat it), as a.x, a.y and b − a.
    var ax = SIMD8<Double>(), ay = SIMD8<Double>(), ex = SIMD8<Double>(), ey = SIMD8<Double>()
    for lane in 0..<8 {
      let k = min(lane, octagon.count - 1)
      let a = octagon[k]
      let b = octagon[(k + 1) % octagon.count]
      ax[lane] = a.x
      ay[lane] = a.y
      ex[lane] = b.x - a.x
      ey[lane] = b.y - a.y
    }
    // Kept: on or outside (within the margin of) some edge; all eight sides at once.
    let limit = SIMD8<Double>(repeating: margin)
    return points.filter { p in
      let side = ex * (SIMD8(repeating: p.y) - ay) - ey * (SIMD8(repeating: p.x) - ax)
      return any(side .<= limit)
    }
  }

  /// |Σ (x_i · y_{i+1} − x_{i+1} · y_i)| / 2 over a closed polygon given without repeating its first
  /// vertex.
  public static func shoelaceArea(_ polygon: [Point2D]) -> Double {
    guard polygon.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = polygon[polygon.count - 1]
    for p in polygon {
      sum += previous.x * p.y - p.x * previous.y
      previous = p
    }
    return abs(sum) * 0.5
  }
}
