// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Guidelines
import IconMetrics
@testable import ReportWriters
import Testing

/// `Snapshot(report:)` (what `history` and `drift` take of a folder audited on the spot) is exactly
/// the snapshot the JSON report of the same audit reads as: every member, to the bit.
@Suite struct SnapshotFromReportTests {
  /// Same value to the bit (NaN included: the writer's `null`).
  static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

  /// Every member of two snapshots, compared to the bit; the first difference named.
  static func difference(_ a: Snapshot, _ b: Snapshot) -> String? {
    guard a.source == b.source, a.label == b.label, a.toolVersion == b.toolVersion else { return "source, label or tool" }
    guard a.icons.count == b.icons.count else { return "icon count" }
    for (x, y) in zip(a.icons, b.icons) {
      guard x.id == y.id, x.path == y.path, x.family == y.family, x.state == y.state, x.style == y.style else { return "icon \(x.id)" }
      let numbers = [(x.perceivedSizePt, y.perceivedSizePt), (x.strokeWeightPt, y.strokeWeightPt), (x.strokeWeightPx, y.strokeWeightPx),
                     (x.detailDensity, y.detailDensity), (x.centerOffsetPt.x, y.centerOffsetPt.x), (x.centerOffsetPt.y, y.centerOffsetPt.y)]
      guard numbers.allSatisfy({ same($0.0, $0.1) }) else { return "metrics of \(x.id)" }
      guard x.signature?.map(\.bitPattern) == y.signature?.map(\.bitPattern) else { return "signature of \(x.id)" }
    }
    guard a.findings == b.findings else { return "findings" }
    guard same(a.consistencyScore, b.consistencyScore) else { return "consistency" }
    guard a.familyScores.keys.sorted() == b.familyScores.keys.sorted(),
          a.familyScores.allSatisfy({ same($0.value, b.familyScores[$0.key]!) }) else { return "family scores" }
    guard a.spreads.keys.sorted() == b.spreads.keys.sorted(),
          a.spreads.allSatisfy({ same($0.value, b.spreads[$0.key]!) }) else { return "spreads" }
    return nil
  }

  @Test func theGoldenReportTakenDirectlyIsTheSnapshotItsJSONReadsAs() throws {
    var report = goldenReport()
    report.label = "v1.0"
    let viaJSON = try Snapshot(json: Data(JSONReportWriter.writeUTF8(report, toolVersion: "TEST")), source: "v1")
    let direct = Snapshot(report: report, toolVersion: "TEST", source: "v1")
    #expect(Self.difference(direct, viaJSON) == nil)
    #expect(direct.icons.contains { $0.signature != nil } && !direct.findings.isEmpty && !direct.spreads.isEmpty)
  }

  /// The writer's 4-decimal text read back by Foundation's decoder, against `jsonRounded`: values
  /// on ties (x.xxxx5), negative, tiny (−0), large, beyond 10¹¹ (the writer's other path), not
  /// finite, and 20,000 pseudo-random ones over 12 orders of magnitude.
  @Test func numbersRoundAsTheWriterWritesAndTheDecoderReads() throws {
    var values: [Double] = [0, -0.0, 1e-5, -1e-5, 0.00005, -0.00005, 0.00015, 1.23455, -1.23455, 2.5, 0.1, 0.7266, 1e10 + 0.12345,
                            123_456_789_012.345_67, -9.87654321e14, 3e15, 1e300, .nan, .infinity, -.infinity,
                            .leastNonzeroMagnitude, .greatestFiniteMagnitude, 4503599627370495.5]
    var state: UInt64 = 18
    for _ in 0..<20_000 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      let unit = Double(state >> 11) / Double(1 << 53)
      let exponent = Double(Int(state % 13)) - 6
      values.append((unit - 0.3) * pow(10, exponent))
    }
    var text = "["
    for (i, v) in values.enumerated() {
      var out: [UInt8] = []
      JSONValue.format(v, decimals: 4, into: &out)
      text += (i == 0 ? "" : ",") + String(decoding: out, as: UTF8.self)
    }
    text += "]"
    let read = try JSONDecoder().decode([Double?].self, from: Data(text.utf8))
    for (v, r) in zip(values, read) {
      #expect(Self.same(Snapshot.jsonRounded(v), r ?? .nan), "\(v): \(Snapshot.jsonRounded(v)) against \(String(describing: r))")
    }
  }

  @Test func signatureCellsQuantiseAsTheirHexDigitsRead() throws {
    // Every byte value, ties (k + ½) ÷ 255, and cells beyond 0…1 (clamped).
    var cells: [Float] = (0..<256).map { k in Float(k) / 255 + (k % 3 == 0 ? 0.5 / 255 : 0) }
    cells[1] = -0.2
    cells[2] = 1.3
    let hex = JSONReportWriter.signatureHex(Spectrum.Signature(cells: cells, aspectRatio: 1))
    let read = try #require(Snapshot.decodeSignature(hex))
    #expect(read.map(\.bitPattern) == Snapshot.quantised(cells).map(\.bitPattern))
  }
}
