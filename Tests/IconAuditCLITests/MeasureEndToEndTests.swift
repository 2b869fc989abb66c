// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport

/// Runs the built `iconaudit` executable (next to the test bundle in the products folder).
struct ToolRun {
  var status: Int32
  var stdout: String
  var stderr: String
}

func iconauditExecutable() -> URL {
  var folder = Bundle.main.bundleURL
  if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
  let candidates = [folder, Bundle.main.bundleURL.deletingLastPathComponent()]
  for candidate in candidates {
    let url = candidate.appendingPathComponent("iconaudit")
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  return folder.appendingPathComponent("iconaudit")
}

func runTool(_ arguments: [String], in directory: String? = nil) throws -> ToolRun {
  let process = Process()
  process.executableURL = iconauditExecutable()
  process.arguments = arguments
  process.environment = ToolEnvironment.isolated
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ToolRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                 stderr: String(decoding: errData, as: UTF8.self))
}

func makeTemporaryFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

func write(_ bytes: [UInt8], _ path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

@Suite(.serialized) struct MeasureEndToEndTests {
  /// A folder of good PNGs of every kind, a 16-bit interlaced PNG, an SVG, and corrupt files.
  @Test func mixedFolderExitsTwoAndMeasuresEveryGoodFile() throws {
    let root = try makeTemporaryFolder("measure-e2e")
    defer { try? FileManager.default.removeItem(atPath: root) }
    var expectedInk: [String: Double] = [:]
    let kinds: [(UInt8, [UInt8])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
    for (type, depths) in kinds {
      for depth in depths {
        for interlaced in [false, true] {
          let png = randomPNG(colorType: type, bitDepth: depth, interlaced: interlaced, width: 40, height: 36,
                              withTransparency: type != 4 && type != 6, seed: 7)
          let name = "t\(type)d\(depth)\(interlaced ? "i" : "")@2x"
          try write(png.encoded(), "\(root)/\(name).png")
          let rgba = png.expectedRGBA
          var sum = 0.0
          for i in stride(from: 3, to: rgba.count, by: 4) { sum += Double(rgba[i]) / 255 }
          expectedInk[name + ".png"] = sum / 4  // pt² at @2x
        }
      }
    }
    try write(Array("""
      <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="8"/></svg>
      """.utf8), "\(root)/circle.svg")
    let good = randomPNG(colorType: 6, bitDepth: 8, interlaced: false, width: 30, height: 30).encoded()
    try write(Array(good.prefix(good.count / 2)), "\(root)/bad-truncated.png")
    var crc = good
    crc[8 + 25 + 8 + Int(be32ToInt(Array(good[33..<37])))] ^= 0xFF
    try write(crc, "\(root)/bad-crc.png")
    try write(Array("this is not a png".utf8), "\(root)/bad-notpng.png")
    try write([], "\(root)/bad-empty.png")
    let huge = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(100_000) + be32(100_000) + [8, 6, 0, 0, 0])
      + chunk("IEND", [])
    try write(huge, "\(root)/bad-oversize.png")

    let run = try runTool(["measure", "--format", "json", root])
    #expect(run.status == 2)
    let errorLines = run.stderr.split(separator: "\n")
    for bad in ["bad-truncated.png", "bad-crc.png", "bad-notpng.png", "bad-empty.png", "bad-oversize.png"] {
      #expect(errorLines.filter { $0.contains(bad) }.count == 1, "one line for \(bad)")
    }
    #expect(errorLines.count == 5)
    let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    let icons = json["icons"] as! [[String: Any]]
    #expect(icons.count == expectedInk.count + 1)
    for icon in icons {
      let path = icon["path"] as! String
      let metrics = icon["metrics"] as! [String: Any]
      #expect(metrics["extentPt"] is [String: Any])
      #expect(icon["widthPx"] != nil && icon["heightPx"] != nil && icon["scale"] != nil)
      let ink = (metrics["inkAreaPt2"] as! NSNumber).doubleValue
      if let expected = expectedInk[path] {
        #expect(abs(ink - expected) <= max(expected * 0.001, 0.0001), "\(path): \(ink) vs \(expected)")
        #expect((icon["scale"] as! NSNumber).doubleValue == 2)
      } else {
        #expect(path == "circle.svg")
        #expect(abs(ink - Double.pi * 64) / (Double.pi * 64) < 0.01)
      }
    }
  }

  @Test func cleanFolderExitsZeroAndTextTableListsIcons() throws {
    let root = try makeTemporaryFolder("measure-clean")
    defer { try? FileManager.default.removeItem(atPath: root) }
    try write(randomPNG(colorType: 6, bitDepth: 8, interlaced: false, width: 44, height: 44).encoded(), "\(root)/a@2x.png")
    try write(randomPNG(colorType: 4, bitDepth: 16, interlaced: true, width: 22, height: 22).encoded(), "\(root)/a.png")
    let run = try runTool(["measure", root])
    #expect(run.status == 0)
    #expect(run.stdout.contains("a@2x.png"))
    #expect(run.stdout.contains("1 icon measured"))
    #expect(run.stderr.isEmpty)
  }

  @Test func usageErrorsExit64WithUsage() throws {
    for arguments in [["measure"], ["measure", "--bogus", "x"], ["measure", "--format", "xml", "x"], ["frobnicate"], []] {
      let run = try runTool(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.stderr.contains("iconaudit"), "\(arguments)")
      #expect(run.stderr.lowercased().contains("usage"), "\(arguments)")
    }
  }

  @Test func helpAndVersion() throws {
    let version = try runTool(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("iconaudit "))
    let help = try runTool(["measure", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--format"))
    let top = try runTool(["--help"])
    #expect(top.status == 0 && top.stdout.contains("measure"))
  }

  @Test func outputIsWrittenAndInputsAreNeverOverwritten() throws {
    let root = try makeTemporaryFolder("measure-output")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let png = randomPNG(colorType: 6, bitDepth: 8, interlaced: false, width: 20, height: 20).encoded()
    try write(png, "\(root)/icon.png")
    let refused = try runTool(["measure", "--output", "\(root)/icon.png", "\(root)/icon.png"])
    #expect(refused.status != 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(root)/icon.png")) == Data(png))
    let ok = try runTool(["measure", "--format=json", "-o", "\(root)/out.json", "\(root)/icon.png"])
    #expect(ok.status == 0)
    let first = try Data(contentsOf: URL(fileURLWithPath: "\(root)/out.json"))
    _ = try runTool(["measure", "--format=json", "-o", "\(root)/out.json", "\(root)/icon.png"])
    let second = try Data(contentsOf: URL(fileURLWithPath: "\(root)/out.json"))
    #expect(first == second, "byte-identical JSON on a second run")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }
}

func be32ToInt(_ bytes: [UInt8]) -> UInt32 {
  bytes.reduce(0) { $0 << 8 | UInt32($1) }
}
