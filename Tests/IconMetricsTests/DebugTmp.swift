import IconMetrics
import IconRaster
import Testing
import Foundation
import Dispatch

@Test func debugBench() {
  var rng = SeededRandom(seed: 1)
  for n in [64, 256, 1024] {
    var disk = [UInt8](repeating: 0, count: n * n)
    var rnd = [UInt8](repeating: 0, count: n * n)
    for y in 0..<n { for x in 0..<n {
      let dx = Double(x) - Double(n) / 2, dy = Double(y) - Double(n) / 2
      // features = background (scipy computes distance of nonzero to zero)
      disk[y * n + x] = dx * dx + dy * dy < 0.16 * Double(n * n) ? 0 : 1
      rnd[y * n + x] = rng.unit() < 0.95 ? 0 : 1
    } }
    for (name, f) in [("disk", disk), ("random95", rnd)] {
      var out = [Float](repeating: 0, count: n * n)
      var idx = [Int32](repeating: 0, count: n * n)
      let reps = max(5, 4_000_000 / (n * n))
      for withIdx in [false, true] {
        var best = Double.infinity
        for _ in 0..<3 {
          let t0 = DispatchTime.now().uptimeNanoseconds
          for _ in 0..<reps {
            f.withUnsafeBufferPointer { fb in
              out.withUnsafeMutableBufferPointer { ob in
                idx.withUnsafeMutableBufferPointer { ib in
                  DistanceTransform.compute(features: fb, width: n, height: n, squaredDistance: ob, nearestFeature: withIdx ? ib : nil)
                }
              }
            }
          }
          let t = Double(DispatchTime.now().uptimeNanoseconds - t0) / Double(reps) / 1e6
          best = min(best, t)
        }
        print(String(format: "swift n=%d %@ %@: %.4f ms", n, name, withIdx ? "with indices" : "distances", best))
      }
    }
  }
  // whole engine timing on a 150 px icon
  let mask = render(Union(ring(cx: 75, cy: 75, outerRadius: 60, width: 9), Capsule(ax: 30, ay: 30, bx: 120, by: 120, width: 9)), width: 150, height: 150, scale: 3)
  let t0 = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<20 { _ = MetricsEngine.measure(mask) }
  print(String(format: "engine 150px: %.3f ms", Double(DispatchTime.now().uptimeNanoseconds - t0) / 20 / 1e6))
}
