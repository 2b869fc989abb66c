// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics
import IconRaster
import ReportWriters

/// What each fuzz target does with one input (Sources/FuzzPNG, FuzzSVG, FuzzCatalog; scripts/fuzz).
///
/// A library, so that the regression tests (Tests/RobustnessTests/FuzzRegressionTests.swift) replay
/// every crash input through exactly the code the fuzzer ran. Nothing here may crash on any input;
/// the checks are the contracts of the code under test (`precondition` and `fatalError` turn a broken
/// contract into a crash libFuzzer reports).
public enum FuzzBodies {
  /// Small limits keep each input fast under libFuzzer's `-timeout`; the checks made before allocating
  /// are the same code at any limit.
  public static let limits = DecodeLimits(maxSide: 512, maxPixels: 256 * 256, maxFileBytes: 1 << 20,
                                          maxVectorFileBytes: 1 << 20)

  /// PNG decoding through the libpng shim, then measurement.
  public static func png(_ bytes: [UInt8]) {
    _ = try? PNGCodec.readHeader(bytes, path: "fuzz.png")
    guard let decoded = try? PNGCodec.decode(bytes, path: "fuzz.png", scale: 2, limits: limits) else { return }
    let (image, header) = decoded
    precondition(image.width == header.width && image.height == header.height, "decoded size differs from the header")
    precondition(image.pixels.count == image.width * image.height * 4, "pixel buffer size")
    measure(image)
  }

  /// SVG rendering through librsvg (whole document, and the custom-symbol layer path), then measurement.
  public static func svg(_ bytes: [UInt8]) {
    _ = try? VectorRenderer.svgSize(bytes, path: "fuzz.svg")
    if let image = try? VectorRenderer.renderSVG(bytes, path: "fuzz.svg", scale: 1, limits: limits) { measure(image) }
    if let image = try? SymbolRenderer.render(bytes, path: "fuzz.symbolset/fuzz.svg", scale: 1, limits: limits) {
      measure(image)
    }
  }

  /// Asset catalog `Contents.json` parsing (image sets and symbol sets); the same bytes as a
  /// configuration file (with role globs applied) and as a drift snapshot.
  public static func catalog(_ bytes: [UInt8]) {
    for kind in ["imageset", "symbolset"] {
      guard case .success(let contents) = AssetCatalog.parseContents(bytes, kind: kind) else { continue }
      for entry in contents.entries {
        // A file name that could leave the set must never come out of the parser.
        precondition(!entry.filename.contains("/") && entry.filename != ".." && entry.filename != "." && !entry.filename.isEmpty,
                     "a file name that leaves the set was accepted")
        precondition(entry.kind != nil || entry.problem != nil, "an unreadable entry without a problem")
        if let scale = entry.scale { precondition((1...3).contains(scale), "scale out of range") }
      }
    }
    let data = Data(bytes)
    if let configuration = try? ConfigurationFile.parse(data, path: "fuzz.json") {
      for path in ["TabBar/a.png", "App.xcassets/Tabs/x.imageset/x@2x.png", String(repeating: "a/", count: 64) + "b.png"] {
        _ = configuration.role(forRelativePath: path)
      }
    }
    _ = try? Snapshot(json: data, source: "fuzz.json")
  }

  static func measure(_ image: RGBAImage) {
    let mask = image.alphaMask
    let metrics = MetricsEngine.measure(mask, colors: image)
    check(metrics)
    // What an audit computes besides: the core's labels (and text in them), the signature.
    let (labelled, core) = MetricsEngine.measureLabellingCore(mask, colors: image)
    precondition(labelled == metrics, "measuring with the core's labels changed the measurements")
    precondition(core.count == metrics.components && core.labels.count == mask.width * mask.height,
                 "the core's labels disagree with the measured components")
    _ = TextDetector.detect(core, minimumHeightPx: 4)
    let signature = Spectrum.signature(mask)
    precondition(signature.cells.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "signature cell out of 0…1")
    let reduced = image.fitted(maxSide: 24)
    check(MetricsEngine.measure(reduced.alphaMask, colors: reduced))
    let encoded = PNGCodec.encode(image)
    guard let again = try? PNGCodec.decode(encoded, path: "again.png", scale: image.scale, limits: limits) else {
      fatalError("a PNG written by PNGCodec.encode does not decode")
    }
    precondition(again.0.pixels == image.pixels, "PNG round trip changed the pixels")
  }

  /// Every measurement is finite (MetricsEngine's contract: a NaN would make the JSON report invalid).
  static func check(_ metrics: IconMeasurements) {
    do {
      _ = try JSONEncoder().encode(metrics)
    } catch {
      fatalError("a measurement is not finite: \(metrics)")
    }
  }
}
