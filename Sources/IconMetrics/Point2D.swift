// SPDX-License-Identifier: GPL-3.0-or-later

/// A point or a displacement in the plane, in the unit its name says (px or pt).
///
/// Image coordinates: x to the right, y down; pixel (i, j) covers [i, i + 1) × [j, j + 1), so its
/// centre is (i + 0.5, j + 0.5). Encodes as `{"x": …, "y": …}`.
public struct Point2D: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point2D(x: 0, y: 0)

  /// Euclidean length of the point seen as a vector.
  public var length: Double { (x * x + y * y).squareRoot() }

  public static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point2D, k: Double) -> Point2D { Point2D(x: a.x * k, y: a.y * k) }
  public static func / (a: Point2D, k: Double) -> Point2D { Point2D(x: a.x / k, y: a.y / k) }
}
