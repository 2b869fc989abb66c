import IconMetrics
import IconRaster
import Testing
import Foundation

@Test func debugDump() {
  for (w, angle, phase) in [(6.0, 45.0, 0.0), (4.0, 45.0, 0.25), (6.0, 0.0, 0.0)] {
    let line = ThickLine(cx: 32 + phase, cy: 32 + phase, length: 40, width: w, angleDegrees: angle)
    let mask = render(line, width: 64, height: 64)
    let a = MetricsEngine.analyse(mask)
    print("w \(w) angle \(angle) phase \(phase): stroke \(a.measurements.strokeWeightPx) contour \(a.measurements.strokeWeightContourPx) ends \(a.measurements.skeletonEndPoints) junctions \(a.measurements.skeletonJunctions)")
    for s in a.strokeSamples {
      print(String(format: "  (%.1f, %.1f) w %.3f n (%.2f, %.2f) dt %.2f %@", s.positionPx.x, s.positionPx.y, s.widthPx, s.normal.x, s.normal.y, s.distancePx, s.counted ? "*" : ""))
    }
  }
  for r in [10.5, 23.3] {
    let n = Int(2 * r) + 8
    let mask = render(Disk(cx: Double(n) / 2 + 0.2, cy: Double(n) / 2 - 0.1, radius: r), width: n, height: n)
    let sk = Skeleton(mask: mask)
    print("disk \(r): \(sk.pixels.map { ($0 % n, $0 / n) })")
  }
}
