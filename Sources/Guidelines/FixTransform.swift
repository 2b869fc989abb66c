// SPDX-License-Identifier: GPL-3.0-or-later

/// A finding's fix as a transformation of the glyph as drawn: scaled about the centre of its
/// bounding box, then moved. A preview of the fix drawn from the same pixels, not a redraw (a
/// redrawn glyph keeps its stroke weight when it grows; a scaled one does not).
public struct FixTransform: Sendable, Codable, Equatable, Hashable {
  /// Scale factor about the glyph's bounding-box centre (1: unchanged).
  public var scale: Double
  /// Move right, in pt (negative: left).
  public var dxPt: Double
  /// Move down, in pt (negative: up).
  public var dyPt: Double

  public init(scale: Double = 1, dxPt: Double = 0, dyPt: Double = 0) {
    self.scale = scale
    self.dxPt = dxPt
    self.dyPt = dyPt
  }

  /// `self` then `other`: scales multiply, moves add (both about the same glyph centre).
  public func then(_ other: FixTransform) -> FixTransform {
    FixTransform(scale: scale * other.scale, dxPt: dxPt + other.dxPt, dyPt: dyPt + other.dyPt)
  }
}
