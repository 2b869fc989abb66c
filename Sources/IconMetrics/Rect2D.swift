// SPDX-License-Identifier: GPL-3.0-or-later

/// An axis-aligned rectangle: origin (top-left in image coordinates) and size, in the unit its name
/// says. Encodes as `{"x": …, "y": …, "width": …, "height": …}`.
public struct Rect2D: Sendable, Hashable, Codable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect2D(x: 0, y: 0, width: 0, height: 0)

  /// The smallest rectangle holding every point; `nil` for no points.
  public init?(bounding points: some Sequence<Point2D>) {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for p in points {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    guard minX <= maxX else { return nil }
    self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The rectangle with every coordinate multiplied by `k` (px → pt with k = 1 / scale).
  public func scaled(by k: Double) -> Rect2D {
    Rect2D(x: x * k, y: y * k, width: width * k, height: height * k)
  }
}
