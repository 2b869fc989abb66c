// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FuzzBodies
import Testing

/// Every input a fuzz target ever crashed on (Tests/Fuzz/Crashes/<target>/), and the seed corpora,
/// replayed through the code the fuzzer ran (`FuzzBodies`). A crash here is a crash of the test run.
@Suite struct FuzzRegressionTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

  static func inputs(_ kind: String, _ target: String) -> [URL] {
    let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  static func replay(_ target: String, _ body: ([UInt8]) -> Void) throws -> Int {
    var count = 0
    for url in inputs("Crashes", target) + inputs("Seeds", target) {
      body([UInt8](try Data(contentsOf: url)))
      count += 1
    }
    return count
  }

  @Test func pngCrashesAndSeeds() throws {
    #expect(try Self.replay("png", FuzzBodies.png) >= Self.inputs("Seeds", "png").count)
    #expect(!Self.inputs("Seeds", "png").isEmpty)
  }

  @Test func svgCrashesAndSeeds() throws {
    #expect(try Self.replay("svg", FuzzBodies.svg) >= Self.inputs("Seeds", "svg").count)
    #expect(!Self.inputs("Seeds", "svg").isEmpty)
  }

  @Test func catalogCrashesAndSeeds() throws {
    #expect(try Self.replay("catalog", FuzzBodies.catalog) >= Self.inputs("Seeds", "catalog").count)
    #expect(!Self.inputs("Seeds", "catalog").isEmpty)
  }
}
