// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether an icon is drawn as filled shapes or as outlines (strokes).
///
/// An icon is `filled` when its density (ink ÷ convex-hull area) exceeds ``filledDensityThreshold``.
public enum IconStyle: String, Sendable, Hashable, Codable, CaseIterable {
  case outline
  case filled

  /// Density (ink ÷ hull area) above which an icon counts as filled.
  public static let filledDensityThreshold = 0.6

  /// The style of an icon of the given density.
  public init(density: Double) {
    self = density > Self.filledDensityThreshold ? .filled : .outline
  }
}
