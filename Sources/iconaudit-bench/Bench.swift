// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconMetrics
import IconRaster

/// In-process kernel timings for `scripts/bench`, printed as JSON on standard output.
///
/// ```
/// iconaudit-bench edt [--sizes 64,256,1024] [--runs N] [--masks DIR] [--density P] [--seed S]
/// iconaudit-bench measure DIR [--runs N]
/// iconaudit-bench stages DIR [--runs N]
/// iconaudit-bench dump DIR
/// iconaudit-bench median-sample DIR…
/// ```
///
/// - `edt`: the exact EDT (`DistanceTransform.compute`) on random masks, into preallocated buffers,
///   with and without the nearest-feature indices. Features are the background (α < 0.5), as in
///   `scipy.ndimage.distance_transform_edt` and `cv2.distanceTransform`: every foreground pixel gets
///   its distance to the nearest background pixel. With `--masks DIR` the masks are read from
///   `DIR/mask-<size>.png` (alpha = foreground), so that other tools can time the very same masks;
///   otherwise each pixel is foreground with probability `--density` (SplitMix64, `--seed`).
///   `checksum` is Σ d² over all pixels (exact integers), to compare results across implementations.
/// - `measure`: `MetricsEngine.measure` over every PNG of DIR, decoded once beforehand, on one thread;
///   the median time of a pass over the folder.
/// - `stages`: the same masks through each stage alone (contour, hull, skeleton, stroke weight with
///   its skeleton and EDT, components, hygiene, PNG decoding), to see where the time goes; then the
///   whole measurement of the decoded masks, and the like-for-like figure against a reference that
///   reads files: each PNG decoded and measured with its colours (as the CLI does), one thread.
///   Wall and thread CPU time per icon.
/// - `dump`: every icon's measurements as JSON, to check that a change leaves them as they were.
/// - `median-sample`: the stroke median against the exact median of the pixels it stands for, over
///   every PNG under each folder (``medianSample(_:)``).
///
/// Times are the median (and minimum) of `--runs` runs after one warm-up run, wall and CPU time of the
/// (only) thread. Build with `-c release`.
enum Bench {
  static func main(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      printError(usage)
      return 64
    }
    do {
      let options = try Options(Array(arguments.dropFirst()))
      switch command {
      case "edt": try print(json(edt(options)))
      case "measure": try print(json(measure(options)))
      case "stages": try print(json(stages(options)))
      case "dump": try print(json(dump(options)))
      case "signatures": try print(json(signatures(options)))
      case "decode": try print(json(decode(options)))
      case "skeleton": try print(skeletonPicture(options))
      case "median-sample": try print(json(medianSample(options)))
      case "-h", "--help", "help":
        print(usage, terminator: "")
      default: throw BenchError.usage("unknown command \(command)")
      }
      return 0
    } catch let BenchError.usage(message) {
      printError("iconaudit-bench: \(message)\n\(usage)")
      return 64
    } catch {
      printError("iconaudit-bench: \(error)\n")
      return 1
    }
  }

  static let usage = """
    usage: iconaudit-bench edt [--sizes 64,256,1024] [--runs N] [--masks DIR] [--density P] [--seed S]
           iconaudit-bench measure DIR [--runs N]
           iconaudit-bench stages DIR [--runs N]   (time of each stage of the measurement)
           iconaudit-bench skeleton FILE.png      (debugging: the skeleton and the stroke samples)
           iconaudit-bench dump DIR               (every icon's measurements, to compare builds)
           iconaudit-bench signatures DIR         (every icon's duplicate-search signature, to compare builds)
           iconaudit-bench decode DIR [--runs N]  (discover and decode only, on all cores: the audit's floor)
           iconaudit-bench median-sample DIR…     (the stroke median's estimate against the exact median)

    """

  // MARK: - EDT

  struct Timing: Codable {
    /// Wall time.
    var medianMs: Double
    var minMs: Double
    /// CPU time of the calling thread (all timed code runs on it): less sensitive than the wall
    /// time to other processes competing for the cores.
    var cpuMedianMs: Double
    var runs: Int
  }

  struct EDTResult: Codable {
    var size: Int
    var source: String
    var featurePixels: Int
    var checksum: Double
    var withFeatures: Timing
    var distancesOnly: Timing
    var nsPerPixel: Double
  }

  struct EDTReport: Codable {
    var kernel = "edt"
    var implementation =
      "IconMetrics.DistanceTransform.compute (exact, Meijster / Felzenszwalb–Huttenlocher)"
    var cores: Int
    var results: [EDTResult]
  }

  static func edt(_ options: Options) throws -> EDTReport {
    var results: [EDTResult] = []
    for size in options.sizes {
      let (features, source) = try mask(size: size, options: options)
      let count = size * size
      var distance = [Float](repeating: 0, count: count)
      var nearest = [Int32](repeating: 0, count: count)
      let withFeatures = timeRuns(options.runs) {
        features.withUnsafeBufferPointer { f in
          distance.withUnsafeMutableBufferPointer { d in
            nearest.withUnsafeMutableBufferPointer { n in
              DistanceTransform.compute(
                features: f, width: size, height: size, squaredDistance: d,
                nearestFeature: n)
            }
          }
        }
      }
      let checksum = distance.reduce(0.0) { $0 + Double($1) }
      let distancesOnly = timeRuns(options.runs) {
        features.withUnsafeBufferPointer { f in
          distance.withUnsafeMutableBufferPointer { d in
            DistanceTransform.compute(
              features: f, width: size, height: size, squaredDistance: d,
              nearestFeature: nil)
          }
        }
      }
      let checksumOnly = distance.reduce(0.0) { $0 + Double($1) }
      guard checksumOnly == checksum else {
        throw BenchError.failed("EDT \(size): distances differ with and without features")
      }
      results.append(
        EDTResult(
          size: size, source: source, featurePixels: features.reduce(0) { $0 + Int($1) },
          checksum: checksum, withFeatures: withFeatures, distancesOnly: distancesOnly,
          nsPerPixel: withFeatures.medianMs * 1e6 / Double(count)))
    }
    return EDTReport(cores: ProcessInfo.processInfo.activeProcessorCount, results: results)
  }

  /// Feature bytes (1 = background pixel) of a size×size mask, and where it came from.
  static func mask(size: Int, options: Options) throws -> ([UInt8], String) {
    if let folder = options.masks {
      let path = "\(folder)/mask-\(size).png"
      let image: RGBAImage
      do {
        image = try PNGCodec.decodeFile(atPath: path).0
      } catch {
        throw BenchError.failed("cannot read \(path): \(error)")
      }
      guard image.width == size, image.height == size else {
        throw BenchError.failed(
          "\(path) is \(image.width)×\(image.height), expected \(size)×\(size)")
      }
      return (image.alphaMask.coverage.map { $0 < 0.5 ? 1 : 0 }, path)
    }
    var random = SplitMix64(seed: options.seed &+ UInt64(size))
    let features = (0..<(size * size)).map { _ in random.nextUnit() < options.density ? UInt8(0) : 1
    }
    return (features, "splitmix64(seed: \(options.seed) + \(size), density: \(options.density))")
  }

  // MARK: - Whole-icon measurement

  struct MeasureReport: Codable {
    var kernel = "measure"
    var implementation = "IconMetrics.MetricsEngine.measure, one thread, decoded masks"
    var folder: String
    var icons: Int
    var pass: Timing
    var msPerIcon: Double
    /// CPU time of the thread per icon.
    var cpuMsPerIcon: Double
  }

  /// The alpha masks of the PNGs of the folder given as the first positional argument.
  static func masks(_ options: Options) throws -> (String, [AlphaMask]) {
    guard let folder = options.positionals.first else {
      throw BenchError.usage("a folder of PNGs is needed")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.lowercased().hasSuffix(".png") }.sorted()
    var masks: [AlphaMask] = []
    for name in names {
      if let image = try? PNGCodec.decodeFile(atPath: "\(folder)/\(name)").0 {
        masks.append(image.alphaMask)
      }
    }
    guard !masks.isEmpty else { throw BenchError.failed("no readable PNG in \(folder)") }
    return (folder, masks)
  }

  static func measure(_ options: Options) throws -> MeasureReport {
    let (folder, masks) = try masks(options)
    var sink = 0.0
    let pass = timeRuns(options.runs) {
      for mask in masks { sink += MetricsEngine.measure(mask).strokeWeightPx }
    }
    if sink.isNaN { printError("iconaudit-bench: NaN stroke weight\n") }
    return MeasureReport(
      folder: folder, icons: masks.count, pass: pass,
      msPerIcon: pass.medianMs / Double(masks.count),
      cpuMsPerIcon: pass.cpuMedianMs / Double(masks.count))
  }

  struct StageReport: Codable {
    var kernel = "stages"
    var folder: String
    var icons: Int
    /// Median wall time per icon of each stage on one thread, in ms.
    var msPerIcon: [String: Double]
    /// Median CPU time of the thread per icon of each stage, in ms.
    var cpuMsPerIcon: [String: Double]
  }

  /// The name of the stage that reads and measures each file as the CLI does, one thread.
  static let readAndMeasure = "read + measure (PNG decode, all metrics with colour)"
  /// The name of the stage that measures the decoded masks.
  static let measureOnly = "all (MetricsEngine.measure)"

  static func stages(_ options: Options) throws -> StageReport {
    let (folder, masks) = try masks(options)
    let paths = try pngPaths(folder)
    let contours = masks.map { Contour(mask: $0) }
    var sink = 0.0
    var perIcon: [String: Double] = [:]
    var cpuPerIcon: [String: Double] = [:]
    func stage(_ name: String, _ body: () -> Void) {
      let timing = timeRuns(options.runs, body)
      perIcon[name] = (timing.medianMs / Double(masks.count) * 1e4).rounded() / 1e4
      cpuPerIcon[name] = (timing.cpuMedianMs / Double(masks.count) * 1e4).rounded() / 1e4
    }
    stage("contour") { for m in masks { sink += Contour(mask: m).length } }
    stage("hull") { for c in contours { sink += ConvexHull(points: c.hullCandidates).area } }
    stage("skeleton") { for m in masks { sink += Double(Skeleton(mask: m).pixels.count) } }
    stage("strokeWeight (every skeleton pixel, with skeleton and nearest-background queries)") {
      for m in masks { sink += StrokeWeight(mask: m).medianPx }
    }
    stage("components") { for m in masks { sink += Double(ConnectedComponents(mask: m).width) } }
    stage("hygiene") {
      for (m, c) in zip(masks, contours) {
        sink += TemplateHygiene(mask: m, contourLengthPx: c.length).haloFraction
      }
    }
    stage("png decode") {
      for path in paths {
        if let image = try? PNGCodec.decodeFile(atPath: path).0 { sink += Double(image.width) }
      }
    }
    stage(measureOnly) {
      for m in masks { sink += MetricsEngine.measure(m).strokeWeightPx }
    }
    stage(readAndMeasure) {
      for path in paths {
        if let image = try? PNGCodec.decodeFile(atPath: path).0 {
          sink += MetricsEngine.measure(image.alphaMask, colors: image).strokeWeightPx
        }
      }
    }
    if sink.isNaN { printError("iconaudit-bench: NaN\n") }
    return StageReport(
      folder: folder, icons: masks.count, msPerIcon: perIcon, cpuMsPerIcon: cpuPerIcon)
  }

  /// The paths of the readable PNGs of a folder, sorted by name.
  static func pngPaths(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.lowercased().hasSuffix(".png") }.sorted()
      .map { "\(folder)/\($0)" }
      .filter { (try? PNGCodec.decodeFile(atPath: $0)) != nil }
  }

  // MARK: - Measurements of a folder

  /// `MetricsEngine.measure` of every PNG of the folder, by file name: to check that a change of
  /// the implementation leaves the numbers as they were (diff two dumps).
  static func dump(_ options: Options) throws -> [String: IconMeasurements] {
    guard let folder = options.positionals.first else {
      throw BenchError.usage("a folder of PNGs is needed")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.lowercased().hasSuffix(".png") }.sorted()
    var out: [String: IconMeasurements] = [:]
    for name in names {
      if let image = try? PNGCodec.decodeFile(atPath: "\(folder)/\(name)").0 {
        out[name] = MetricsEngine.measure(image.alphaMask, colors: image)
      }
    }
    return out
  }

  /// Every PNG's ``Spectrum/signature(_:)`` in DIR, by file name, to check that a change leaves
  /// them as they were.
  static func signatures(_ options: Options) throws -> [String: Spectrum.Signature] {
    guard let folder = options.positionals.first else {
      throw BenchError.usage("a folder of PNGs is needed")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.lowercased().hasSuffix(".png") }.sorted()
    var out: [String: Spectrum.Signature] = [:]
    for name in names {
      if let image = try? PNGCodec.decodeFile(atPath: "\(folder)/\(name)").0 {
        out[name] = Spectrum.signature(image.alphaMask)
      }
    }
    return out
  }

  // MARK: - Debugging picture

  /// The core as `#`/`.`, skeleton pixels as digits of their local width (rounded px; `*` when not
  /// counted in the median), end points `E`, junction pixels `J`; then the measured weight.
  static func skeletonPicture(_ options: Options) throws -> String {
    guard let path = options.positionals.first else {
      throw BenchError.usage("skeleton needs a PNG")
    }
    let mask: AlphaMask
    do {
      mask = try PNGCodec.decodeFile(atPath: path).0.alphaMask
    } catch {
      throw BenchError.failed("cannot read \(path): \(error)")
    }
    let analysis = MetricsEngine.analyse(mask)
    var grid = mask.coverage.map { $0 >= 0.5 ? Character("#") : Character(".") }
    func index(_ p: Point2D) -> Int {
      Int(p.y.rounded(.down)) * mask.width + Int(p.x.rounded(.down))
    }
    for sample in analysis.strokeSamples {
      let digit = min(9, Int(sample.widthPx.rounded()))
      grid[index(sample.positionPx)] = sample.counted ? Character(String(digit)) : "*"
    }
    for p in analysis.skeletonEndPointsPx { grid[index(p)] = "E" }
    for p in analysis.skeletonJunctionsPx { grid[index(p)] = "J" }
    var lines: [String] = []
    for y in 0..<mask.height {
      lines.append(String(grid[(y * mask.width)..<((y + 1) * mask.width)]))
    }
    let m = analysis.measurements
    lines.append(
      "strokeWeightPx \(m.strokeWeightPx), end points \(m.skeletonEndPoints), "
        + "junctions \(m.skeletonJunctions), samples \(analysis.strokeSamples.count), "
        + "counted \(analysis.strokeSamples.filter(\.counted).count)")
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// Median and minimum wall time, and median CPU time of the thread, of `runs` calls of `body`,
  /// after one warm-up call.
  static func timeRuns(_ runs: Int, _ body: () -> Void) -> Timing {
    body()
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<max(1, runs) {
      let cpuStart = threadCPUNanoseconds()
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      cpu.append(Double(threadCPUNanoseconds() - cpuStart) / 1e6)
    }
    func median(_ values: [Double]) -> Double {
      let v = values.sorted()
      let n = v.count
      return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
    }
    func round4(_ x: Double) -> Double { (x * 1e4).rounded() / 1e4 }
    return Timing(
      medianMs: round4(median(times)), minMs: round4(times.min()!),
      cpuMedianMs: round4(median(cpu)), runs: times.count)
  }

  /// CPU time consumed by the calling thread, in ns.
  static func threadCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  static func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}

/// Writes to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data(text.utf8))
}

enum BenchError: Error, CustomStringConvertible {
  case usage(String)
  case failed(String)
  var description: String {
    switch self {
    case .usage(let message), .failed(let message): message
    }
  }
}

/// `--name value` options and positionals.
struct Options {
  var sizes = [64, 256, 1024]
  var runs = 21
  var masks: String?
  var density = 0.5
  var seed: UInt64 = 1
  var positionals: [String] = []

  init(_ arguments: [String]) throws {
    var index = 0
    func value(_ name: String) throws -> String {
      index += 1
      guard index < arguments.count else { throw BenchError.usage("\(name) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--sizes":
        let text = try value(argument)
        sizes = try text.split(separator: ",").map {
          guard let n = Int($0), n > 0 else { throw BenchError.usage("bad size \($0)") }
          return n
        }
      case "--runs":
        guard let n = Int(try value(argument)), n > 0 else { throw BenchError.usage("bad --runs") }
        runs = n
      case "--masks": masks = try value(argument)
      case "--density":
        guard let p = Double(try value(argument)), (0...1).contains(p) else {
          throw BenchError.usage("bad --density")
        }
        density = p
      case "--seed":
        guard let s = UInt64(try value(argument)) else { throw BenchError.usage("bad --seed") }
        seed = s
      default:
        if argument.hasPrefix("--") { throw BenchError.usage("unknown option \(argument)") }
        positionals.append(argument)
      }
      index += 1
    }
  }
}

/// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014,
/// doi:10.1145/2714064.2660195): seeded, repeatable.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// Uniform in [0, 1).
  mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
