// SPDX-License-Identifier: GPL-3.0-or-later
import IconMetrics

/// What `iconaudit measure` reports: each icon's measurements, and the files that could not be read.
public struct MeasurementReport: Sendable {
  public struct Icon: Sendable {
    public var id: String
    /// The analysed file, relative to the measured root.
    public var path: String
    public var scale: Double
    public var widthPx: Int
    public var heightPx: Int
    public var metrics: IconMeasurements
    public init(id: String, path: String, scale: Double, widthPx: Int, heightPx: Int, metrics: IconMeasurements) {
      self.id = id
      self.path = path
      self.scale = scale
      self.widthPx = widthPx
      self.heightPx = heightPx
      self.metrics = metrics
    }
  }

  public var icons: [Icon]
  public var unreadable: [(path: String, reason: String)]
  public init(icons: [Icon], unreadable: [(path: String, reason: String)]) {
    self.icons = icons
    self.unreadable = unreadable
  }
}
