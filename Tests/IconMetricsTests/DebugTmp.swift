import IconMetrics
import IconRaster
import Testing
import Foundation
import Dispatch

@Test func debugStages() {
  let mask = render(Union(ring(cx: 75, cy: 75, outerRadius: 60, width: 9), Capsule(ax: 30, ay: 30, bx: 120, by: 120, width: 9)), width: 150, height: 150, scale: 3)
  let small = render(Union(ring(cx: 33, cy: 33, outerRadius: 26, width: 4), Capsule(ax: 14, ay: 14, bx: 52, by: 52, width: 4)), width: 66, height: 66, scale: 3)
  for m in [small, mask] {
    func time(_ name: String, _ body: () -> Void) {
      var best = Double.infinity
      for _ in 0..<15 {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
      }
      print(String(format: "%d px %@: %.3f ms", m.width, name, best))
    }
    var sink = 0.0
    time("contour") { sink += Contour(mask: m).length }
    let c = Contour(mask: m)
    time("hull") { sink += ConvexHull(points: c.points).area }
    time("skeleton") { sink += Double(Skeleton(mask: m).pixels.count) }
    time("stroke") { sink += StrokeWeight(mask: m).medianPx }
    time("edt") { sink += Double(DistanceTransform(mask: m, featureWhere: { $0 < 0.5 }).width) }
    time("components") { sink += Double(ConnectedComponents(mask: m).count) }
    time("hygiene") { sink += TemplateHygiene(mask: m, contourLengthPx: c.length).haloFraction }
    time("all") { sink += MetricsEngine.measure(m).strokeWeightPx }
    print(sink > 0)
  }
}
