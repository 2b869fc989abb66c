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
/// - Complexity: O(n log n) for n points (the sort), O(n) memory.
public struct ConvexHull: Sendable, Equatable {
  /// The hull polygon, not closed (the first vertex is not repeated).
  public var vertices: [Point2D]
  /// Area enclosed by the hull, in the square of the points' unit.
  public var area: Double

  public init(points: [Point2D]) {
    let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
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
