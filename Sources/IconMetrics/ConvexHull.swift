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
    // min y, max x − y; each as the largest of a linear form, lane by lane.
    var best = SIMD8<Double>(repeating: -.infinity)
    var extreme = SIMD8<Int64>(repeating: 0)
    for (i, p) in points.enumerated() {
      let forms = SIMD8(p.x, p.x + p.y, p.y, p.y - p.x, -p.x, -p.x - p.y, -p.y, p.x - p.y)
      let better = forms .> best
      best.replace(with: forms, where: better)
      extreme.replace(with: Int64(i), where: better)
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
