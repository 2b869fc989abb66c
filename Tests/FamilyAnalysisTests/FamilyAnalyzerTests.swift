// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import IconMetrics
import IconRaster
import Testing
import TestSupport

/// Measurements with only the fields the analysis reads set.
func metrics(size: Double = 18, stroke: Double = 2, detail: Double = 120, density: Double = 0.4, holes: Int = 1) -> IconMeasurements {
  var m = MetricsEngine.measure(AlphaMask(width: 4, height: 4, scale: 1))
  m.hullAreaPt2 = size * size
  m.perceivedSizePt = size
  m.extentPt = Rect2D(x: 0, y: 0, width: size * 0.9, height: size * 0.9)
  m.strokeWeightPt = stroke
  m.strokeWeightPx = stroke * 2
  m.strokeWeightContourPx = stroke * 2
  m.detailDensity = detail
  m.density = density
  m.strokeWeightProfilePx = stroke * 2
  m.components = 1
  // The cues of a glyph of this size on a 24 pt canvas (a plain line is dense but thin: outline).
  m.style = IconStyle(IconStyle.Cues(
    density: density, strokeToExtent: stroke / (size * 0.9), profileToContour: 1, strokeToCanvas: stroke / 24, components: 1))
  m.holes = holes
  return m
}

@Suite struct RobustSpreadTests {
  @Test func medianAndMADOfLogs() {
    let spread = RobustSpread(values: [1, 2, 4, 8, 16])
    #expect(abs(spread.median - 4) < 1e-12)
    #expect(abs(spread.madLog - log(2)) < 1e-12)
    // M = 0.6745 · (log 16 − log 4) / log 2 = 0.6745 · 2
    #expect(abs(spread.z(16) - 0.6745 * 2) < 1e-9)
    #expect(abs(spread.z(2) + spread.z(8)) < 1e-9, "symmetric on the log scale")
  }

  @Test func floorStopsANormalisedFamilyFromFlaggingEverything() {
    let spread = RobustSpread(values: Array(repeating: 10, count: 9) + [10.1])
    #expect(spread.madLog == 0)
    #expect(abs(spread.z(10.1, floor: 0.03)) < 0.3)
    #expect(spread.z(8, floor: 0.03) < -3.5, "a 20% smaller icon still stands out")
  }

  /// The median by selection is the sorted values' middle (or the mean of the two middle ones) to
  /// the bit, on seeded random lists of every length to 80: few distinct values (many ties),
  /// sorted, reversed and constant ones; and `select` leaves the list partitioned around its place.
  @Test func medianBySelectionIsTheSortedMiddle() {
    var x: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ n: UInt64) -> UInt64 {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17
      return x % n
    }
    func sortedMedian(_ values: [Double]) -> Double {
      let s = values.sorted(), n = s.count
      return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }
    for n in 1...80 {
      for kind in 0..<5 {
        var values = (0..<n).map { _ in kind == 0 ? Double(next(4)) - 1.5 : log(0.5 + Double(next(100_000)) / 7) }
        if kind == 2 { values.sort() }
        if kind == 3 { values.sort(by: >) }
        if kind == 4 { values = Array(repeating: 0.7, count: n) }
        #expect(RobustSpread.median(values).bitPattern == sortedMedian(values).bitPattern, "n \(n), kind \(kind)")
        let k = Int(next(UInt64(n)))
        var a = values
        let kth = RobustSpread.select(&a, k)
        #expect(kth == values.sorted()[k] && a[..<k].allSatisfy { $0 <= kth } && a[(k + 1)...].allSatisfy { $0 >= kth })
        #expect(a.sorted() == values.sorted(), "a permutation")
      }
    }
  }

  @Test func ignoresNonPositiveValues() {
    let spread = RobustSpread(values: [0, -1, .nan, 3])
    #expect(spread.count == 1 && abs(spread.median - 3) < 1e-12)
    #expect(RobustSpread(values: []).z(5) == 0)
  }
}

@Suite struct LeaveOneOutSpreadTests {
  /// Every value left out in turn gives exactly the spread of the others (odd and even counts,
  /// ties, a value not among them, a list of one).
  @Test func equalsTheSpreadOfTheOthers() {
    var x: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17
      return 0.5 + Double(x % 1000) / 250
    }
    for n in [2, 3, 4, 5, 8, 9, 17, 40] {
      var values = (0..<n).map { _ in next() }
      values[n / 2] = values[0]  // a tie
      let loo = LeaveOneOutSpread(values: values)
      for k in 0..<n {
        var others = values
        others.remove(at: k)
        let expected = RobustSpread(values: others), got = loo.without(values[k])
        #expect(got.count == expected.count)
        #expect(abs(got.median - expected.median) < 1e-12 && abs(got.madLog - expected.madLog) < 1e-12, "n \(n), k \(k)")
      }
    }
    #expect(LeaveOneOutSpread(values: [1, 2, 3]).without(7) == RobustSpread(values: [1, 2, 3]), "not among them: all")
    #expect(LeaveOneOutSpread(values: [2]).without(2).count == 0)
  }
}

@Suite struct FamilyAnalyzerTests {
  /// A family of five whose contour estimates spread (dots, stubs): the icon drawn at 1.33× stroke
  /// inflates the contour MAD it is judged with (0.095 → 0.050 without it in Tabler's case), so its
  /// contour |M| is 2.1 against the whole group and 4.6 against the others.
  @Test func smallGroupsScoreStrokesAgainstTheOthers() {
    var list = (0..<5).map { _ in metrics() }
    for (k, c) in [0.91, 0.69, 1.0, 1.35, 1.01].enumerated() { list[k].strokeWeightContourPx = 4 * c }
    list[3].strokeWeightPt = 2.66
    list[3].strokeWeightPx = 5.32
    list[3].strokeWeightProfilePx = 5.32
    let family = FamilyAnalyzer.analyse(name: "f", members: members(list))
    let e = family.evaluation(for: "i3")!
    #expect(abs(e.strokeContour.z) < 2.5 && e.strokeContourAmongOthers.z > 2.5)
    #expect(abs(e.strokeAmongOthers.ratio - 1.33) < 1e-9, "the others' median stroke, 2 pt")
    // A large group keeps the whole group's statistics.
    let large = FamilyAnalyzer.analyse(name: "f", members: members(Array(repeating: metrics(), count: 12) + [metrics(stroke: 2.66)]))
    let heavy = large.evaluation(for: "i12")!
    #expect(heavy.strokeAmongOthers == heavy.stroke && heavy.strokeContourAmongOthers == heavy.strokeContour)
  }

  func members(_ list: [IconMeasurements]) -> [FamilyMember] {
    list.enumerated().map { FamilyMember(id: "i\($0.offset)", metrics: $0.element) }
  }

  /// Line drawings with solid parts (profile stroke below 0.8× the contour estimate: a solid charge
  /// bar in a battery) in at least 2 and 10% of the line drawings: the family draws with solids.
  @Test func solidPartsInTheLineDrawingsAreNoted() {
    var solid = metrics()
    solid.strokeWeightContourPx = solid.strokeWeightProfilePx / 0.7
    let filled = metrics(stroke: 6, density: 0.9)
    let plain = FamilyAnalyzer.analyse(name: "f", members: members(Array(repeating: metrics(), count: 10) + [solid, filled]))
    #expect(!plain.drawsSolidParts, "one line drawing with a solid part is a one-off")
    #expect(plain.minorityStyleIcons == ["i11"])
    let solids = FamilyAnalyzer.analyse(name: "f", members: members(Array(repeating: metrics(), count: 10) + [solid, solid, filled]))
    #expect(solids.drawsSolidParts)
    #expect(solids.minorityStyleIcons == ["i12"], "still the minority style; style_mismatch leaves it")
  }

  /// Four filled glyphs among eight closed outline ones and eight open line glyphs (arrows,
  /// lists): 20% of the styled icons, below the split, but a third of the icons that show a style
  /// choice; the family draws filled glyphs as a style (Papirus symbolic). Three filled among twenty
  /// closed outline ones (13%) are still a minority to flag.
  @Test func filledGlyphsSubstantialAmongTheIconsThatChooseAStyle() {
    let filled = metrics(stroke: 6, density: 0.9, holes: 0)
    let open = metrics(density: 0.4, holes: 0)
    let mixed = FamilyAnalyzer.analyse(
      name: "f", members: members(Array(repeating: metrics(), count: 8) + Array(repeating: open, count: 8)
        + Array(repeating: filled, count: 4)))
    #expect(!mixed.styleSplit, "the groups stay as they are")
    #expect(mixed.minorityStyleIcons.count == 4)
    #expect(mixed.drawsSolidParts)
    let slips = FamilyAnalyzer.analyse(
      name: "f", members: members(Array(repeating: metrics(), count: 20) + Array(repeating: filled, count: 3)))
    #expect(!slips.drawsSolidParts)
    #expect(slips.minorityStyleIcons.count == 3)
  }

  @Test func oneStyleWithAMinority() {
    let family = FamilyAnalyzer.analyse(
      name: "f", members: members(Array(repeating: metrics(), count: 6) + [metrics(stroke: 6, density: 0.9)]))
    #expect(!family.styleSplit)
    #expect(family.majorityStyle == .outline)
    #expect(family.minorityStyleIcons == ["i6"])
    #expect(family.groups.count == 1 && family.groups[0].members.count == 7)
    #expect(family.groups[0].strokeWeightPt.median == 2, "the minority does not shape the statistics")
  }

  @Test func splitWhenBothStylesHaveThree() {
    let list = Array(repeating: metrics(), count: 4) + Array(repeating: metrics(stroke: 7, density: 0.9), count: 3)
    let family = FamilyAnalyzer.analyse(name: "f", members: members(list))
    #expect(family.styleSplit)
    #expect(family.minorityStyleIcons.isEmpty)
    #expect(Set(family.groups.map(\.style)) == [.outline, .filled])
  }

  /// Three filled icons among thirty outline ones are three findings, not a second group.
  @Test func aSmallMinorityIsNotASecondGroup() {
    let list = Array(repeating: metrics(), count: 30) + Array(repeating: metrics(stroke: 7, density: 0.9), count: 3)
    let family = FamilyAnalyzer.analyse(name: "f", members: members(list))
    #expect(!family.styleSplit)
    #expect(family.majorityStyle == .outline)
    #expect(family.minorityStyleIcons == ["i30", "i31", "i32"])
  }

  /// An unsure icon (dots: two or more blobs) is neither a style minority nor part of the statistics.
  @Test func unsureIconsAreNoMinority() {
    var dots = metrics(stroke: 4, density: 0.62, holes: 0)
    dots.components = 3
    dots.strokeWeightProfilePx = 8
    dots.strokeWeightContourPx = 4
    dots.style = .unsure
    let family = FamilyAnalyzer.analyse(name: "f", members: members(Array(repeating: metrics(), count: 6) + [dots]))
    #expect(family.minorityStyleIcons.isEmpty)
    #expect(family.evaluation(for: "i6")?.style == .unsure)
    #expect(family.groups[0].strokeWeightPt.median == 2)
  }

  /// An unsure icon is resolved by its family's outline stroke: ≥ 1.6× is a filled body, below an outline.
  @Test func unsureIconsResolvedByTheFamilyStroke() {
    var star = metrics(stroke: 5.3, density: 0.6, holes: 0)
    star.style = .unsure
    var chevron = metrics(stroke: 2.1, density: 0.56, holes: 0)
    chevron.style = .unsure
    let family = FamilyAnalyzer.analyse(name: "f", members: members(Array(repeating: metrics(), count: 6) + [star, chevron]))
    #expect(family.evaluation(for: "i6")?.style == .filled)
    #expect(family.evaluation(for: "i7")?.style == .outline)
    #expect(family.minorityStyleIcons == ["i6"])
  }

  /// `evaluation(for:)` goes through an index of first positions: it must answer as a search of
  /// the list would, after the list is changed and after a round trip through JSON.
  @Test func evaluationLookupAgreesWithASearch() throws {
    let list = (0..<9).map { metrics(stroke: 2 + Double($0) / 10) }
    var family = FamilyAnalyzer.analyse(name: "f", members: members(list))
    func search(_ id: String) -> IconEvaluation? { family.icons.first { $0.id == id } }
    for k in 0..<9 { #expect(family.evaluation(for: "i\(k)") == search("i\(k)")) }
    #expect(family.evaluation(for: "nope") == nil)
    // An earlier copy of a later id, then a removal: the first match still wins.
    family.icons[0] = family.icons[5]
    #expect(family.evaluation(for: "i5") == family.icons[0])
    #expect(family.evaluation(for: "i0") == nil)
    family.icons.remove(at: 0)
    #expect(family.evaluation(for: "i5") == search("i5") && family.evaluation(for: "i1") == family.icons[0])
    let decoded = try JSONDecoder().decode(FamilyReport.self, from: JSONEncoder().encode(family))
    #expect(decoded == family)
    for k in 0..<9 { #expect(decoded.evaluation(for: "i\(k)") == search("i\(k)")) }
  }

  /// A plain line (ink ÷ hull ≈ 1) at the family's stroke is an outline drawing, not a filled icon.
  @Test func denseLinesAtTheFamilyStrokeStayOutline() {
    let list = Array(repeating: metrics(), count: 5) + [metrics(stroke: 2, density: 0.98, holes: 0)]
    let family = FamilyAnalyzer.analyse(name: "f", members: members(list))
    #expect(family.minorityStyleIcons.isEmpty)
    #expect(family.evaluation(for: "i5")?.style == .outline)
    #expect(family.evaluation(for: "i5")?.isOpenStroke == true)
  }

  @Test func scoresAndConsistency() {
    let uniform = FamilyAnalyzer.analyse(name: "u", members: members(Array(repeating: metrics(), count: 8)))
    #expect(uniform.consistencyScore == 100)
    var rng = SeededRandom(seed: 4)
    let spread = (0..<8).map { _ in metrics(size: 18 * exp((rng.unit() - 0.5) * 0.6), stroke: 2 * exp((rng.unit() - 0.5) * 0.4)) }
    let loose = FamilyAnalyzer.analyse(name: "l", members: members(spread))
    #expect(loose.consistencyScore < 90)
    let outlier = FamilyAnalyzer.analyse(name: "o", members: members(Array(repeating: metrics(), count: 7) + [metrics(size: 14.4)]))
    let e = outlier.evaluation(for: "i7")!
    #expect(abs(e.size.ratio - 0.8) < 1e-9)
    #expect(e.size.z < -3.5)
  }
}
