// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import IconMetrics
import IconRaster
import IconSupport

// Rules on one icon against the guidelines (not against its family). Thresholds are calibrated
// on the 1745 Lucide icons (a professionally drawn outline family, 2-unit stroke on a 24-unit
// grid) rendered at 48 px @2x, 50 px @2x as tab bar and 44 px @2x as toolbar icons; see
// scripts/check_hygiene_rules.py for the firing rates quoted in the rationales.

public struct OffCenterRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case offsetPt, offsetFraction, beyondFramePt
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .offsetPt: (1.5, "smallest offset of both centres, in pt")
      case .offsetFraction: (0.15, "smallest offset of both centres as a fraction of the perceived size")
      case .beyondFramePt: (0.5, "in a family of 4 or more, how far (pt) the glyph must pass the family's frame (the canvas-centred square of the longer side its larger glyphs reach) on the side it is off")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "off_center", name: "Off Center", scope: .icon,
    rationale: """
      A bar icon sits centred in its canvas (HIG, Custom icons: icons in a family share one \
      alignment); iOS centres the canvas, not the glyph. Designers do offset some glyphs on \
      purpose, by a little (a play triangle sits right of centre so that it looks centred), so an \
      icon is flagged only when both its bounding-box centre and its optical centre (α-weighted \
      centroid) are off the canvas centre, in the same direction, by at least 1.5 pt and 15% of \
      the glyph's perceived size. In a family of 4 or more icons the glyph must also pass the \
      family's frame on the side it is off, by 0.5 pt: the frame is the canvas-centred square of \
      the longer side the family's larger glyphs reach (the upper quartile). Members of a series \
      keep their parts in place within that frame on purpose: signal bars and a wifi dot on the \
      family's baseline, a minimize bar at its foot, a caret at its top, a cup that matches its \
      steaming twin. On the untouched families of `scripts/calibrate` (1,527 icons) all 10 \
      off-centre warnings were such glyphs, and none passes the frame (the nearest reaches it, \
      0.01 pt beyond); on the ten real apps' bars the one in a family of 4 or more (Pocket \
      Casts' filter lines, top-aligned with their neighbours, judged debatable) is no longer \
      reported. Before the frame, Lucide drawn alone fired on 0.7% of its icons, all of them \
      series members (signal, wifi, tally, volume, star-half). A keyline glyph moved 3 pt passes \
      the frame by about 3 pt and is still found; an icon in a smaller family is judged against \
      the canvas centre alone. The frames of an animation are off centre on purpose (a \
      spinner's lit dot going round): three or more icons of the family named by one stem and \
      consecutive numbers (`Activity1`…`Activity15`, `spinner_01`…), on canvases of one size, \
      whose optical centres average within 1.5 pt of the canvas centre while at least half of \
      them are off it by 1.5 pt or more (the frames move), are left alone (nightguard's 15 watch \
      spinner frames average 0.0 pt off, each 3.2 pt off: its 8 warnings gone; no other \
      off-centre finding of the 52 real-app audits or the calibration moved by it). A numbered \
      series drawn off centre by mistake averages off centre, and a numbered family of centred \
      glyphs (`tab1`…`tab5`) with one off centre is no animation: both are still judged icon by \
      icon. \
      Left alone too are the states of a series drawn as part of a centred sibling (Damus' `volume-half` and \
      `volume-minimum`, the speaker of `volume-full` with fewer waves, kept in place so that the \
      states swap without a jump): another icon of the family with the same name stem (up to its \
      last `-`, `_`, `.` or space), on a canvas of the same size and not off centre itself, \
      whose ink (grown by 1 px) holds 90% of the glyph's. In the 52 real-app audits this \
      removed 10 warnings, all wrong: those two and VLC's equalizer frames sinking to their \
      baseline (`pause-animation-2…8`, each part of frame 1; `playing-animation-6`); no \
      finding of the calibration moved.
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a ring 4 pt right of centre",
                  icons: [.init(id: "shifted", mask: { var d = ExampleDrawing(); d.ring(cx: 16, cy: 12, r: 6, width: 2); return d.mask }())],
                  target: "shifted", triggers: true),
      RuleExample("a play triangle moved right so that it looks centred",
                  icons: [.init(id: "play", mask: { var d = ExampleDrawing(); d.polyline([(8, 4), (20, 12), (8, 20)], width: 2, closed: true); return d.mask }())],
                  target: "play", triggers: false),
      RuleExample("a centred ring", icons: [.init(id: "ring", mask: ExampleFamily.glyph(0))], target: "ring", triggers: false),
      RuleExample("a keyline square 3 pt right of centre in a family of eight 17.6 pt glyphs: it passes the family's frame",
                  icons: OffCenterRule.family + [.init(id: "shifted", mask: {
                    var d = ExampleDrawing()
                    d.rectOutline(x: 7.8, y: 4.8, width: 14.4, height: 14.4, stroke: 1.6)
                    return d.mask
                  }())], target: "shifted", triggers: true),
      RuleExample("signal bars on the same family's baseline: placed within its frame on purpose",
                  icons: OffCenterRule.family + [.init(id: "signal", mask: {
                    var d = ExampleDrawing()
                    d.line(x0: 4, y0: 20, x1: 4, y1: 17, width: 1.6)
                    d.line(x0: 8, y0: 20, x1: 8, y1: 14, width: 1.6)
                    return d.mask
                  }())], target: "signal", triggers: false),
      RuleExample("the eight frames of a spinner (spinner1…spinner8): each frame's dot off centre, going round",
                  icons: (1...8).map { RuleExample.Icon(id: "spinner\($0)", mask: spinnerFrame($0, of: 8)) },
                  target: "spinner3", triggers: false),
      RuleExample("a speaker with one wave (volume-half) drawn as part of its centred sibling with two (volume-full)",
                  icons: [RuleExample.Icon(id: "volume-full", mask: speaker(waves: 2)),
                          RuleExample.Icon(id: "volume-half", mask: speaker(waves: 1))],
                  target: "volume-half", triggers: false),
      RuleExample("the same speaker with one wave beside an unrelated centred ring",
                  icons: [RuleExample.Icon(id: "ring", mask: ExampleFamily.glyph(0)),
                          RuleExample.Icon(id: "volume-half", mask: speaker(waves: 1))],
                  target: "volume-half", triggers: true),
      RuleExample("three numbered icons (arrow1…arrow3) all drawn 4 pt right of centre",
                  icons: (1...3).map { n in RuleExample.Icon(id: "arrow\(n)", mask: {
                    var d = ExampleDrawing()
                    d.ring(cx: 16, cy: 12, r: 4 + Double(n), width: 2)
                    return d.mask
                  }()) },
                  target: "arrow2", triggers: true),
      RuleExample("five numbered icons (tab1…tab5), four centred and tab3 drawn 4 pt right of centre (no animation: they average 0.8 pt off, but only one is off)",
                  icons: (1...5).map { n in RuleExample.Icon(id: "tab\(n)", mask: {
                    var d = ExampleDrawing()
                    d.ring(cx: n == 3 ? 16 : 12, cy: 12, r: 5, width: 2)
                    return d.mask
                  }()) },
                  target: "tab3", triggers: true),
    ])

  /// A speaker (an 8 pt block from x = 3 pt) with `waves` arcs of radius 4, 8 … pt on its right.
  static func speaker(waves: Int) -> AlphaMask {
    var d = ExampleDrawing()
    d.rect(x: 3, y: 9, width: 4, height: 6)
    d.rect(x: 7, y: 6, width: 4, height: 12)
    d.fill(minX: 11, minY: 0, maxX: 24, maxY: 24) { x, y in
      let r = ((x - 11) * (x - 11) + (y - 12) * (y - 12)).squareRoot()
      return x > 12 && (1...waves).contains { abs(r - 4 * Double($0)) <= 0.75 }
    }
    return d.mask
  }

  /// Frame `n` of `count` of a spinner: a 3 pt dot on a 7 pt circle round the canvas centre,
  /// at the angle n/count of a turn.
  static func spinnerFrame(_ n: Int, of count: Int) -> AlphaMask {
    var d = ExampleDrawing()
    let angle = 2 * Double.pi * Double(n) / Double(count)
    d.disk(cx: 12 + 7 * cos(angle), cy: 12 + 7 * sin(angle), r: 3)
    return d.mask
  }

  /// Eight glyphs drawn at 80% (17.6 pt) on 24 pt canvases: a family whose frame leaves a margin.
  static var family: [RuleExample.Icon] {
    (0..<8).map { RuleExample.Icon(id: "g\($0)", mask: ExampleFamily.glyph($0, size: 0.8)) }
  }

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let minimumPt = context.threshold(.offsetPt), minimumFraction = context.threshold(.offsetFraction)
    var frames: Set<String>?  // found when the first icon is off centre
    /// Both centres' offsets (pt) when the icon is off centre by the thresholds, else nil.
    func offCentre(_ icon: AuditIcon) -> (box: Point2D, optical: Point2D)? {
      let m = icon.metrics
      let size = m.perceivedSizePt
      guard size > 0, m.extentPt.width > 0 else { return nil }
      let box = Point2D(x: m.extentPt.x + m.extentPt.width / 2 - icon.widthPt / 2,
                        y: m.extentPt.y + m.extentPt.height / 2 - icon.heightPt / 2)
      let optical = m.opticalCenterOffsetPt
      let same = box.x * optical.x + box.y * optical.y > 0
      guard same, box.length >= minimumPt, optical.length >= minimumPt,
        box.length / size >= minimumFraction, optical.length / size >= minimumFraction
      else { return nil }
      return (box, optical)
    }
    return context.icons.compactMap { icon in
      let m = icon.metrics
      let size = m.perceivedSizePt
      guard let (box, optical) = offCentre(icon) else { return nil }
      // In a family, only a glyph that passes the family's frame on the side it is off.
      if context.family.icons.count >= ShapeSizeRule.comparableFamily,
        let e = context.family.evaluation(for: icon.id), let group = context.family.group(e.group), group.largeSpanPt > 0
      {
        let half = group.largeSpanPt / 2, x = m.extentPt.x - icon.widthPt / 2, y = m.extentPt.y - icon.heightPt / 2
        var passes = -Double.infinity
        if box.x > 0 { passes = max(passes, x + m.extentPt.width - half) }
        if box.x < 0 { passes = max(passes, -x - half) }
        if box.y > 0 { passes = max(passes, y + m.extentPt.height - half) }
        if box.y < 0 { passes = max(passes, -y - half) }
        guard passes >= context.threshold(.beyondFramePt) else { return nil }
      }
      if frames == nil { frames = Self.animationFrames(context.icons, withinPt: minimumPt) }
      guard frames?.contains(icon.id) != true else { return nil }
      guard !Self.isPartOfCentredSibling(icon, in: context.icons, isOffCentre: { offCentre($0) != nil }) else { return nil }
      let after = optical - box
      return context.finding(
        icon,
        "off centre: optical centre \(describe(optical)) of the canvas centre (\(fmt(optical.length / size * 100, 0))% of its \(fmt(size, 1)) pt size), bounding box centre \(describe(box))",
        measured: optical.length,
        expected: "both centres within \(fmt(minimumPt, 1)) pt or \(fmt(minimumFraction * 100, 0))% of the size of the canvas centre",
        fix: "move the glyph \(describe(box * -1, preposition: false)) (centres its bounding box; its optical centre then sits \(fmt(after.length, 1)) pt off)",
        transform: FixTransform(dxPt: -box.x, dyPt: -box.y))
    }
  }

  /// The ids of the icons that are frames of an animation, each off centre on purpose (a
  /// spinner's lit dot going round): three or more icons of the family named by one stem and
  /// consecutive numbers (`Activity1`…`Activity15`, `spinner_01`…`spinner_08`), on canvases of one
  /// size, whose optical centres average within `withinPt` of the canvas centre (the sequence, as
  /// it plays, is centred) while at least half of them are `withinPt` or more off it (the frames
  /// move). A numbered series drawn off centre by mistake (every member moved one way) averages
  /// off centre, and a numbered family of centred glyphs with one off centre (`tab1`…`tab5`) has
  /// most members centred: both are still judged icon by icon.
  ///
  /// - Complexity: O(n) over the family's icons.
  static func animationFrames(_ icons: [AuditIcon], withinPt: Double) -> Set<String> {
    var sequences: [String: [(number: Int, icon: AuditIcon)]] = [:]
    for icon in icons {
      let name = PathText.lastComponent(icon.id)
      let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count < name.count, digits.count <= 4, let number = Int(String(digits.reversed())) else { continue }
      let key = "\(name.dropLast(digits.count))|\(icon.widthPx)×\(icon.heightPx)@\(icon.scale)"
      sequences[key, default: []].append((number, icon))
    }
    var frames: Set<String> = []
    for members in sequences.values where members.count >= 3 {
      let numbers = Set(members.map(\.number))
      guard numbers.count == members.count, let low = numbers.min(), let high = numbers.max(), high - low + 1 == members.count
      else { continue }
      var sum = Point2D(x: 0, y: 0)
      for member in members { sum = sum + member.icon.metrics.opticalCenterOffsetPt }
      let mean = sum * (1 / Double(members.count))
      guard mean.length < withinPt else { continue }
      // The lower median of the members' offsets: at least half of them off centre.
      let offsets = members.map(\.icon.metrics.opticalCenterOffsetPt.length).sorted()
      guard offsets[(offsets.count - 1) / 2] >= withinPt else { continue }
      for member in members { frames.insert(member.icon.id) }
    }
    return frames
  }

  /// Whether the glyph is a state of a series drawn as part of a centred sibling (Damus'
  /// `volume-half` and `volume-minimum`: the speaker of `volume-full` with fewer waves, kept in its
  /// place so that the states swap without a jump): another icon of the family whose name has the
  /// same stem (up to its last `-`, `_`, `.` or space), on a canvas of the same pixel size, not off
  /// centre itself, whose ink (α ≥ 0.5, grown by 1 px) holds at least 90% of this glyph's ink
  /// (α-weighted).
  ///
  /// - Complexity: O(k·w·h) for k siblings of the same stem and canvas; the masks are read only
  ///   for an off-centre glyph that has such siblings.
  static func isPartOfCentredSibling(_ icon: AuditIcon, in icons: [AuditIcon], isOffCentre: (AuditIcon) -> Bool) -> Bool {
    func stem(_ id: String) -> Substring? {
      let name = PathText.lastComponent(id)
      guard let cut = name.lastIndex(where: { "-_. ".contains($0) }), cut > name.startIndex else { return nil }
      return name[..<cut]
    }
    guard let own = stem(icon.id) else { return false }
    let siblings = icons.filter {
      $0.id != icon.id && $0.widthPx == icon.widthPx && $0.heightPx == icon.heightPx && $0.scale == icon.scale
        && stem($0.id) == own && !isOffCentre($0)
    }
    guard !siblings.isEmpty, let a = icon.mask else { return false }
    let total = a.coverage.reduce(0.0) { $0 + Double($1) }
    guard total > 0 else { return false }
    for sibling in siblings {
      guard let b = sibling.mask, b.width == a.width, b.height == a.height else { continue }
      var held = 0.0
      for y in 0..<a.height {
        for x in 0..<a.width where a.coverage[y * a.width + x] > 0 {
          var inked = false
          for dy in -1...1 where !inked {
            for dx in -1...1 where b[x + dx, y + dy] >= 0.5 { inked = true; break }
          }
          if inked { held += Double(a.coverage[y * a.width + x]) }
        }
      }
      if held >= 0.9 * total { return true }
    }
    return false
  }

  /// "2.4 pt right and 0.3 pt down".
  private func describe(_ p: Point2D, preposition: Bool = true) -> String {
    var parts: [String] = []
    if abs(p.x) >= 0.05 { parts.append("\(fmt(abs(p.x), 1)) pt \(p.x > 0 ? "right" : "left")") }
    if abs(p.y) >= 0.05 { parts.append("\(fmt(abs(p.y), 1)) pt \(p.y > 0 ? "down" : "up")") }
    return parts.isEmpty ? "0 pt" : parts.joined(separator: " and ")
  }
}

public struct StrokeWeightGuidanceRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumPt, maximumPt, tolerancePt
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumPt: (0.75, "thinnest accepted stroke, in pt")
      case .maximumPt: (2.0, "heaviest accepted stroke, in pt")
      case .tolerancePt: (0.15, "measurement tolerance added to both limits, in pt")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "stroke_weight_guidance", name: "Stroke Weight Guidance", scope: .icon,
    rationale: """
      Outline bar icons use a thin stroke: about 1 pt (2 px at @2x) for detailed icons, up to \
      1.5 pt for simple ones (HIG, Custom icons); up to 2 pt is accepted. The stroke is measured \
      twice (coverage integrated across the stroke at skeleton points, and 2 × ink ÷ contour \
      length); an icon is flagged only when both estimates are outside 0.75–2 pt by more than \
      the 0.15 pt measurement tolerance, so dots (an ellipsis) do not read as a heavy stroke. \
      Only outline icons are judged: a filled shape's "stroke" is its body (a solid star's 5.3 pt), \
      so filled icons and those whose style is unsure (IconStyle's five cues within their margins, \
      e.g. dots, a bold chevron) are skipped, and so are selected states, drawn heavier on purpose. \
      So is a glyph not drawn with lines of one weight: solid parts (profile ÷ contour below 0.8) \
      or local widths spread by 2× or more (q90 ÷ q10; Lucide, Phosphor, Tabler and Heroicons \
      outline drawings reach 1.3–1.6 at their 99th percentile). Six held-out apps' solid glyphs read \
      as outline by their shares (GitHawk's octoface, rocket and mute, Lockwise's onboarding art, \
      Pocket Casts' kids-and-family face, Element's add-participant badge, DuckDuckGo's fire \
      glyph, Talk's spreadsheet tile) were told their "outline strokes" are too heavy: none now. \
      Lucide (2 pt strokes at 24 pt) fires once in 1745 icons (snowflake, whose many short \
      branches inflate both estimates). A family drawn as a whole outside the range (its outline \
      group's median stroke, with at least 4 icons) made one choice, not one slip per icon: the \
      icons drawn at it (within 1.2× of the median) get one info note on the family's first such \
      icon, and only an icon off both the guideline and its family is warned. An icon that draws \
      a quarter or more of its skeleton at its family's stroke (stroke_weight_outlier: its median \
      width moved by solid parts, dots or joins) is drawn at its family's weight: an MDI window \
      frame at the family's 2.08 pt with a solid title bar and cog read 2.54 pt and was warned. Papirus' symbolic \
      icons, drawn at 16 px with 2 px lines (2.2–2.7 pt on a bar canvas), had 98 of 216 icons \
      warned one by one; now 9 notes and 10 warnings (icons heavier than their family too).
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a 3 pt outline", icons: [.init(id: "heavy", mask: ExampleFamily.glyph(1, stroke: 3))], target: "heavy", triggers: true),
      RuleExample("a 0.5 pt hairline at @3x", icons: [.init(id: "hairline", mask: ExampleFamily.glyph(0, scale: 3, stroke: 0.5))],
                  target: "hairline", triggers: true),
      RuleExample("a 1.5 pt outline", icons: [.init(id: "simple", mask: ExampleFamily.glyph(5, stroke: 1.5))], target: "simple", triggers: false),
      RuleExample("a family drawn at 2.5 pt throughout: one note on the family (its first icon), no warning on each icon",
                  icons: (0..<8).map { .init(id: "g\($0)", mask: ExampleFamily.glyph($0, stroke: 2.5)) }, target: "g3", triggers: false),
      RuleExample("a 3.5 pt outline in a family drawn at 2.5 pt: heavier than the guideline and than its family",
                  icons: (0..<8).map { .init(id: "g\($0)", mask: ExampleFamily.glyph($0, stroke: 2.5)) }
                    + [.init(id: "heavy", mask: ExampleFamily.glyph(1, stroke: 3.5))], target: "heavy", triggers: true),
      RuleExample("three dots (an ellipsis): not a stroke",
                  icons: [.init(id: "ellipsis", mask: { var d = ExampleDrawing(); for x in [5.0, 12, 19] { d.disk(cx: x, cy: 12, r: 2) }; return d.mask }())],
                  target: "ellipsis", triggers: false),
      RuleExample("a filled disk (filled icons are skipped)",
                  icons: [.init(id: "filled", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9); return d.mask }())],
                  target: "filled", triggers: false),
      RuleExample("a solid star (its 5 pt \"stroke\" is its body)",
                  icons: [.init(id: "star", mask: ExampleDrawing.solidStar())], target: "star", triggers: false),
      RuleExample("a window frame at 2 pt with a solid title bar and a solid cog among 2 pt glyphs: its median width reads 2.53 pt through its solids, its lines are the family's 2 pt",
                  icons: ExampleFamily.icons() + [.init(id: "window", mask: ExampleDrawing.windowWithCog())],
                  target: "window", triggers: false),
      RuleExample("a solid speaker with a 2.5 pt × (a mute glyph): read as outline by its shares, but a solid body has no stroke to guide",
                  icons: [.init(id: "mute", mask: ExampleDrawing.muteSpeaker())], target: "mute", triggers: false),
      RuleExample("a selected state drawn heavier on purpose",
                  icons: [.init(id: "tab", mask: ExampleFamily.glyph(1, stroke: 1.5)),
                          .init(id: "tab-selected", mask: ExampleFamily.glyph(1, stroke: 3))],
                  target: "tab-selected", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    let low = t(.minimumPt) - t(.tolerancePt), high = t(.maximumPt) + t(.tolerancePt)
    // The outline icons' median stroke, when there are enough of them to speak for the family.
    let familyStroke = context.family.group(.outline).flatMap { group in
      group.members.count >= 4 ? group.strokeWeightPt.median : nil
    }
    // A family drawn as a whole at a weight outside the guideline (a 16 px symbolic theme's 2.5 pt
    // lines, an app's bold bar) made one choice: one note for the family, not a warning per icon.
    let familyOutside = familyStroke.map { $0 > high || $0 < low } ?? false
    var noted = false
    return context.icons.compactMap { icon in
      let m = icon.metrics
      // The family's judgement of style where there is one (a dense line drawing is an outline).
      let style = context.family.evaluation(for: icon.id)?.style ?? m.style
      guard style == .outline, icon.state == .unselected, !hasHalo(m), drawsOneLineWeight(m) else { return nil }
      // The positive estimates in pt, lightest and heaviest (no array made per icon).
      let profilePx = m.strokeWeightProfilePx, contourPx = m.strokeWeightContourPx
      guard profilePx > 0 || contourPx > 0 else { return nil }
      let profilePt = profilePx / icon.scale, contourPt = contourPx / icon.scale
      let lightest = min(profilePx > 0 ? profilePt : .infinity, contourPx > 0 ? contourPt : .infinity)
      let heaviest = max(profilePx > 0 ? profilePt : -.infinity, contourPx > 0 ? contourPt : -.infinity)
      let heavy = lightest > high, thin = heaviest < low
      guard heavy || thin else { return nil }
      let contour = m.strokeWeightContourPx / icon.scale
      // Its lines drawn at its family's weight (a quarter of its skeleton or more; its median moved
      // by solid parts, dots or joins: `drawsAtGroupStroke`) are the family's weight, not its own:
      // when the family has enough outline icons to have a weight (two icons at 3.33 pt are not a
      // family weight that excuses either).
      let atFamilyWeight = familyStroke != nil
        && (context.family.evaluation(for: icon.id).map { $0.group == .outline && drawsAtGroupStroke($0) } ?? false)
      if atFamilyWeight && !familyOutside { return nil }
      if familyOutside, let familyStroke, atFamilyWeight || abs(log(m.strokeWeightPt / familyStroke)) < log(Self.familyRatio) {
        // Drawn like its family: the family's note covers it.
        guard !noted else { return nil }
        noted = true
        let outline = context.family.group(.outline)?.members.count ?? 0
        return context.finding(
          icon,
          "the family's \(outline) outline icons are drawn at \(fmt(familyStroke)) pt, \(heavy ? "heavier" : "thinner") than the guideline's \(fmt(t(.minimumPt)))–\(fmt(t(.maximumPt))) pt for outline icons: a choice for the whole family, noted once",
          measured: familyStroke, expected: "\(fmt(t(.minimumPt)))–\(fmt(t(.maximumPt))) pt",
          fix: "keep it if the family's weight is deliberate; otherwise draw all its strokes between \(fmt(t(.minimumPt))) and \(fmt(t(.maximumPt))) pt",
          severity: .info)
      }
      return context.finding(
        icon,
        "stroke \(fmt(m.strokeWeightPt)) pt (contour estimate \(fmt(contour)) pt) is \(heavy ? "heavier" : "thinner") than the guideline's \(fmt(t(.minimumPt)))–\(fmt(t(.maximumPt))) pt for outline icons",
        measured: m.strokeWeightPt, expected: "\(fmt(t(.minimumPt)))–\(fmt(t(.maximumPt))) pt",
        fix: fix(icon, family: familyStroke.map { strokeOfOthers(icon, context.family) ?? $0 },
                 low: t(.minimumPt), high: t(.maximumPt), tolerance: t(.tolerancePt)))
    }
  }

  /// The stroke of the icon's outline group without it, as `stroke_weight_outlier` states it
  /// (`IconEvaluation.strokeAmongOthers`: the others' median in a small group, the group's in a
  /// larger one), so that an icon both rules flag is given one stroke to draw, not 2.07 pt by one
  /// and 2.03 pt by the other.
  func strokeOfOthers(_ icon: AuditIcon, _ family: FamilyReport) -> Double? {
    guard let e = family.evaluation(for: icon.id), e.group == .outline,
      e.strokeAmongOthers.ratio > 0, e.strokeAmongOthers.value > 0
    else { return nil }
    return e.strokeAmongOthers.value / e.strokeAmongOthers.ratio
  }

  /// Within this factor of its family's stroke an icon is drawn like its family (as
  /// `stroke_weight_outlier`'s `errorRatio`).
  static let familyRatio = 1.2
  /// Local widths' q90 ÷ q10 (``IconMeasurements/strokeWidthSpread``) from which a glyph's skeleton
  /// is not drawn at one line weight.
  static let maximumWidthSpread = 2.0

  /// Whether the glyph is drawn with lines of one weight, the only drawing a stroke guideline speaks
  /// of: no solid parts (``FamilyAnalyzer/hasSolidParts(_:)``: profile ÷ contour below 0.8; no
  /// outline drawing of Lucide, Phosphor, Tabler or Heroicons goes below it) and its skeleton's
  /// local widths within a factor 2 of each other (q90 ÷ q10 < 2; those families' outline drawings
  /// reach 1.3–1.6 at their 99th percentile). A solid glyph read as outline by its shares (a rocket,
  /// an octocat face with knocked-out eyes, a speaker with a thin ×) measures its "stroke" across
  /// its body or between cut-outs: there is no stroke to guide.
  func drawsOneLineWeight(_ m: IconMeasurements) -> Bool {
    !FamilyAnalyzer.hasSolidParts(m) && m.strokeWidthSpread < Self.maximumWidthSpread
  }
}

extension StrokeWeightGuidanceRule {
  /// One target for the stroke: the family's own when it is within the accepted range (a fix
  /// toward 1 pt would contradict `stroke_weight_outlier`'s "like the other icons" and call the
  /// family's accepted strokes wrong), else the guideline's.
  func fix(_ icon: AuditIcon, family: Double?, low: Double, high: Double, tolerance: Double) -> String {
    if let family, family >= low - tolerance, family <= high + tolerance {
      return "draw the strokes at \(fmt(family)) pt (\(fmt(family * icon.scale)) px at @\(fmt(icon.scale, 0))x), "
        + "like the rest of the family: within the guideline's \(fmt(low))–\(fmt(high)) pt"
    }
    return "draw the strokes between \(fmt(low)) and \(fmt(high)) pt: about 1 pt (\(fmt(icon.scale, 0)) px at "
      + "@\(fmt(icon.scale, 0))x) for a detailed glyph, up to 1.5 pt for a simple one"
  }
}

public struct TooMuchDetailRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case maximumDetailPerSize, minimumStrokePt
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .maximumDetailPerSize: (36, "k: the largest C × stroke ÷ size")
      case .minimumStrokePt: (1, "strokes thinner than this count as this thick")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "too_much_detail", name: "Too Much Detail", scope: .icon,
    rationale: """
      Bar icons are simple, recognisable designs (HIG, Custom icons: too much detail can make an \
      icon look sloppy or unreadable). Detail density C = P² ÷ ink (P the contour length) counts \
      edges: for an outline glyph C ≈ 2 × contour length ÷ stroke. How much of it is readable \
      depends on the glyph's size: the limit is C ≤ k × S ÷ w, with S the perceived size and w \
      the stroke weight (at least 1 pt, hairlines do not buy detail), i.e. a contour about k/2 \
      glyph sizes long. k comes from what professional families draw at the sizes apps ship \
      (scripts/style_study.py: 5887 outline drawings of Lucide, Phosphor thin/light/regular/bold, \
      Tabler, MDI and the Papirus, Breeze and Yaru symbolic themes on a 25 pt canvas at @2x and \
      @3x): C × max(w, 1 pt) ÷ S has median 16.3, 99th percentile 28.7, 99.5th 29.8, maximum 35.9 \
      (a Papirus QR scanner); k = 36 is that maximum: a warning means more detail than any of \
      them draws. (k = 33, the 99.5th percentile with a 10% margin, warned on the keyboards of \
      DuckDuckGo and GitHawk at 1.03× and 1.02×, a frame round three rows of keys as SF Symbols \
      draws it.) A 20-bar hairline barcode reads 57 (1.6×). Only outline icons are judged: a filled shape's "stroke" \
      is its body (a 3×3 grid of solid tiles measures a 5 pt stroke), so filled icons and those \
      whose style is unsure are skipped.
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a finely hatched square",
                  icons: [.init(id: "busy", mask: {
                    var d = ExampleDrawing()
                    d.rectOutline(x: 3, y: 3, width: 18, height: 18, stroke: 1.5)
                    for i in stride(from: 6.0, through: 18.0, by: 2) { d.line(x0: i, y0: 5, x1: i, y1: 19, width: 1) }
                    for i in stride(from: 6.0, through: 18.0, by: 3) { d.line(x0: 5, y0: i, x1: 19, y1: i, width: 1) }
                    return d.mask
                  }())], target: "busy", triggers: true),
      RuleExample("an envelope", icons: [.init(id: "plain", mask: ExampleFamily.glyph(7))], target: "plain", triggers: false),
      RuleExample("a clock", icons: [.init(id: "clock", mask: ExampleFamily.glyph(4))], target: "clock", triggers: false),
      RuleExample("a gear with eight teeth and a hub, 1 pt strokes",
                  icons: [.init(id: "gear", mask: ExampleDrawing.outlineGear())], target: "gear", triggers: false),
      RuleExample("a keyboard: a 2 pt frame round three rows of solid keys, as SF Symbols draws it",
                  icons: [.init(id: "keyboard", mask: {
                    var d = ExampleDrawing()
                    d.rectOutline(x: 1, y: 5, width: 23, height: 15, stroke: 2)
                    for row in 0..<2 { for key in 0..<6 { d.rect(x: 4 + Double(key) * 3, y: 8 + Double(row) * 3.2, width: 2, height: 2) } }
                    d.rect(x: 4, y: 14.4, width: 2, height: 2)
                    d.rect(x: 7, y: 14.4, width: 11, height: 2)
                    d.rect(x: 19, y: 14.4, width: 2, height: 2)
                    return d.mask
                  }())], target: "keyboard", triggers: false),
      RuleExample("a 3×3 grid of solid tiles (no stroke to size a limit by)",
                  icons: [.init(id: "tiles", mask: {
                    var d = ExampleDrawing()
                    for i in 0..<3 { for j in 0..<3 { d.rect(x: 3 + Double(i) * 6.5, y: 3 + Double(j) * 6.5, width: 5, height: 5) } }
                    return d.mask
                  }())], target: "tiles", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let k = context.threshold(.maximumDetailPerSize), minimumStroke = context.threshold(.minimumStrokePt)
    return context.icons.compactMap { icon in
      let m = icon.metrics
      // Only outline drawings have a stroke to size the limit by (the family's judgement of style
      // where there is one).
      let style = context.family.evaluation(for: icon.id)?.style ?? m.style
      let size = m.perceivedSizePt, stroke = max(m.strokeWeightPt, minimumStroke)
      guard style == .outline, size > 0, m.strokeWeightPt > 0 else { return nil }
      let limit = k * size / stroke
      guard m.detailDensity > limit else { return nil }
      return context.finding(
        icon,
        "detail density \(fmt(m.detailDensity, 0)) is \(fmt(m.detailDensity / limit))× the readable limit \(fmt(limit, 0)) for \(withArticle(fmt(size, 1))) pt glyph with \(fmt(m.strokeWeightPt)) pt strokes (\(fmt(k, 0)) × size ÷ stroke)",
        measured: m.detailDensity, expected: "≤ \(fmt(limit, 0))",
        fix: "simplify the drawing: fewer, larger features (drop small parts, merge close parallel lines)")
    }
  }
}

public struct CanvasSizeRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case tolerancePt
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .tolerancePt: (0.01, "how far a side may be from a whole number of points, and above the maximum")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "canvas_size", name: "Canvas Size", scope: .icon,
    rationale: """
      Bar icons are drawn on a canvas sized for their role (HIG, Icons and Tab bars): tab bar \
      about 25×25 pt and at most 48×32 pt; toolbar and navigation bar about 22×22 pt (at most \
      28 pt); quick actions 35×35 pt; at @2x and @3x that is twice and three times as many pixels. \
      A canvas of a fraction of a point (45 px at @2x) is resampled by iOS and blurs. Icons of \
      unknown role are skipped, and so are custom symbols (`.symbolset`): a symbol has no \
      canvas, it is drawn at the bar's symbol point size. A canvas is too small only when both \
      its sides are under the role's minimum (16 pt in a toolbar or navigation bar, 18 pt in a tab bar: a \
      12 pt close cross): one narrow in a single \
      direction (a back chevron 14×23 pt, a vertical ellipsis 5×19 pt) is how such glyphs ship, \
      UIKit centres the image in its bar button and the glyph reads at its longer side. Severity: \
      error above the tab bar maximum, warning otherwise.
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a 50×40 pt tab bar icon (above the 48×32 pt maximum)",
                  icons: [.init(id: "huge", mask: { var d = ExampleDrawing(widthPt: 50, heightPt: 40); d.ring(cx: 25, cy: 20, r: 15, width: 2); return d.mask }(), role: .tabBar)],
                  target: "huge", triggers: true),
      RuleExample("a toolbar icon of 45×45 px at @2x (22.5 pt)",
                  icons: [.init(id: "half", mask: { var d = ExampleDrawing(widthPt: 22.5, heightPt: 22.5); d.ring(cx: 11.25, cy: 11.25, r: 8, width: 2); return d.mask }(), role: .toolbar)],
                  target: "half", triggers: true),
      RuleExample("a PDF tab bar icon whose page is 21.945×24.97 pt (rendered 44×50 px at @2x, which rounds it)",
                  icons: [.init(id: "page", image: CanvasExamples.page(widthPt: 21.945, heightPt: 24.97), role: .tabBar)],
                  target: "page", triggers: true),
      RuleExample("a PDF tab bar icon whose page is 25×25 pt",
                  icons: [.init(id: "page", image: CanvasExamples.page(widthPt: 25, heightPt: 25), role: .tabBar)],
                  target: "page", triggers: false),
      RuleExample("a 12×12 pt navigation bar icon (a small close cross: smaller than the bar needs both ways)",
                  icons: [.init(id: "close", mask: { var d = ExampleDrawing(widthPt: 12, heightPt: 12); d.line(x0: 2, y0: 2, x1: 10, y1: 10, width: 1.5); d.line(x0: 10, y0: 2, x1: 2, y1: 10, width: 1.5); return d.mask }(), role: .navigationBar)],
                  target: "close", triggers: true),
      RuleExample("a back chevron on a 14×23 pt navigation bar canvas (narrow one way only: UIKit centres it)",
                  icons: [.init(id: "back", mask: { var d = ExampleDrawing(widthPt: 14, heightPt: 23); d.polyline([(11, 3), (3, 11.5), (11, 20)], width: 3); return d.mask }(), role: .navigationBar)],
                  target: "back", triggers: false),
      RuleExample("a 25×25 pt tab bar icon",
                  icons: [.init(id: "tab", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.ring(cx: 12.5, cy: 12.5, r: 10, width: 2); return d.mask }(), role: .tabBar)],
                  target: "tab", triggers: false),
      RuleExample("a custom symbol's template artboard of 19.5 pt is not a canvas",
                  icons: [.init(id: "back.symbolset/back", mask: { var d = ExampleDrawing(widthPt: 19.5, heightPt: 19.5); d.ring(cx: 9.75, cy: 9.75, r: 7, width: 2); return d.mask }(), role: .toolbar)],
                  target: "back.symbolset/back", triggers: false),
      RuleExample("an icon of unknown role is not checked",
                  icons: [.init(id: "any", mask: { var d = ExampleDrawing(widthPt: 50, heightPt: 40); d.ring(cx: 25, cy: 20, r: 15, width: 2); return d.mask }())],
                  target: "any", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let tolerance = context.threshold(.tolerancePt)
    var findings: [Finding] = []
    // A custom symbol has no canvas: it renders at the bar's symbol point size, whatever its
    // template's artboard (10 wrong warnings on the real apps' symbol sets).
    for icon in context.icons where !icon.isCustomSymbol {
      guard let canvas = icon.role.canvas else { continue }
      // A vector's own size: its pixels are that size rounded (a 21.945 pt PDF page is 44 px at @2x).
      let (w, h) = icon.canvasPt
      let scale = icon.scale
      let size = "\(fmt(w, 2))×\(fmt(h, 2)) pt"
      let isVector = icon.documentSizePt != nil
      let pixels = isVector
        ? "a vector page, \(icon.widthPx)×\(icon.heightPx) px at @\(fmt(scale, 2))x"
        : "\(icon.widthPx)×\(icon.heightPx) px at @\(fmt(scale, 2))x"
      let role = Self.roleName(icon.role)
      if abs(w - w.rounded()) > tolerance || abs(h - h.rounded()) > tolerance {
        let wPt = max(1, w.rounded()), hPt = max(1, h.rounded())
        findings.append(context.finding(
          icon,
          isVector
            ? "the vector page is \(size) (\(icon.widthPx)×\(icon.heightPx) px at @\(fmt(scale, 2))x): not a whole number of points, so iOS resamples it and it blurs"
            : "\(pixels) is \(size): not a whole number of points, so iOS resamples it and it blurs",
          measured: w, expected: "a whole number of points × \(fmt(scale, 2)) px",
          fix: isVector
            ? "make the document's page (artboard) \(fmt(wPt, 0))×\(fmt(hPt, 0)) pt: Xcode makes an image of its size in points"
            : "make the canvas \(Int(wPt * scale))×\(Int(hPt * scale)) px (\(fmt(wPt, 0))×\(fmt(hPt, 0)) pt at @\(fmt(scale, 2))x)",
          severity: graded(.warning, cap: context.severity)))
      }
      let nominal = "\(fmt(canvas.nominal, 0))×\(fmt(canvas.nominal, 0)) pt (\(Int(canvas.nominal * scale))×\(Int(canvas.nominal * scale)) px at @\(fmt(scale, 2))x)"
      // A @2x or @3x drawing saved without its suffix reads as 1 px = 1 pt.
      let suffixHint = scale == 1
        ? [2.0, 3].first { k in w / k <= canvas.maximumWidth && h / k <= canvas.maximumHeight && min(w, h) / k >= canvas.minimum }
          .map { k in "; if it is drawn for @\(fmt(k, 0))x (\(fmt(w / k, 1))×\(fmt(h / k, 1)) pt), name the file …@\(fmt(k, 0))x.png" } ?? ""
        : ""
      if w > canvas.maximumWidth + tolerance || h > canvas.maximumHeight + tolerance {
        let maximum = "\(fmt(canvas.maximumWidth, 0))×\(fmt(canvas.maximumHeight, 0)) pt"
        findings.append(context.finding(
          icon,
          "canvas \(size) (\(pixels)) is larger than the \(role) maximum \(maximum)",
          measured: max(w / canvas.maximumWidth, h / canvas.maximumHeight),
          expected: "about \(fmt(canvas.nominal, 0))×\(fmt(canvas.nominal, 0)) pt, at most \(maximum)",
          fix: "redraw it on \(withArticle(nominal)) canvas\(suffixHint)",
          severity: graded(icon.role == .tabBar ? .error : .warning, cap: context.severity)))
      } else if max(w, h) < canvas.minimum - tolerance {
        findings.append(context.finding(
          icon,
          "canvas \(size) (\(pixels)) is smaller than the \(fmt(canvas.minimum, 0)) pt \(withArticle(role)) icon needs (about \(fmt(canvas.nominal, 0))×\(fmt(canvas.nominal, 0)) pt)",
          measured: min(w, h), expected: "at least \(fmt(canvas.minimum, 0)) pt a side, about \(fmt(canvas.nominal, 0)) pt",
          fix: "redraw it on \(withArticle(nominal)) canvas",
          severity: graded(.warning, cap: context.severity)))
      }
    }
    return findings
  }

  static func roleName(_ role: IconRole) -> String { role.displayName }
}

public struct ShapeSizeRule: Rule {
  public init() {}

  /// The guideline's glyph classes.
  enum ShapeClass: String {
    case circle, square, wide, tall
  }

  /// Target glyph size in pt by role and class: regular (tab bar) and compact (toolbar,
  /// navigation bar), per the HIG's tab bar guidance by shape.
  static func target(_ role: IconRole, _ shape: ShapeClass) -> Double? {
    let regular: [ShapeClass: Double] = [.circle: 25, .square: 23, .wide: 31, .tall: 28]
    let compact: [ShapeClass: Double] = [.circle: 18, .square: 17, .wide: 23, .tall: 20]
    switch role {
    case .tabBar: return regular[shape]
    case .toolbar, .navigationBar: return compact[shape]
    case .quickAction, .unknown: return nil
    }
  }

  public enum Threshold: String, RuleThreshold {
    case wideAspect, squareFill, minimumRatio, maximumRatio
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .wideAspect: (1.25, "width ÷ height at or above which a glyph is wide (its inverse: tall)")
      case .squareFill: (0.88, "hull area ÷ box area at or above which a compact glyph is square, else circular")
      case .minimumRatio: (0.7, "smallest accepted size ÷ target")
      case .maximumRatio: (1.25, "largest accepted size ÷ target")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "shape_size", name: "Shape Size", scope: .icon,
    rationale: """
      Glyphs of different shapes are drawn at different sizes to look the same size (HIG, Tab \
      bars: circular glyph 25 pt, square 23 pt, wide 31 pt wide, tall 28 pt tall; compact (toolbar, \
      navigation bar) 18, 17, 23 and 20 pt). The class comes from the extent: wide when width ÷ \
      height ≥ 1.25, tall when ≤ 0.8, else square when the convex hull fills ≥ 88% of the \
      bounding box and circle otherwise (a triangle looks smaller than its box, like a circle). \
      Flagged only well outside the target: below 70% or above 125% of it. Open stroke glyphs \
      (arrows, chevrons, check marks: outline, nothing enclosed) are kept small on purpose and \
      are not flagged for being small. Lucide drawn as 25 pt tab bar icons: 0.5% fire (dot, \
      circle-small and wide glyphs drawn 21 pt wide); as 22 pt toolbar icons: 0.1% (its square \
      glyphs are 1.19× the compact target, which a 115% limit would flag in 20% of the family). \
      Quick actions and icons of unknown role are skipped, and so are thin glyphs (an ellipsis, \
      a minus). The guideline judges icons that have no family to be compared with: in a family \
      of 4 or more icons the family sets the size (`perceived_size_outlier`), so an icon is never \
      told to grow by one rule and to shrink by the other. On the bar families of ten real apps, \
      the 21 shape-size warnings on families of 4–11 icons were all debatable or wrong (whole \
      bars drawn on 24 or 29 pt canvases on purpose). A canvas smaller than the bar's least (16 pt \
      for compact bars) is `canvas_size`'s finding and fix, and not judged here: Lockwise's 11×6 pt \
      sort caret, drawn beside the button's title, was told to be 2.24× larger (wrong).
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a 14 pt ring as a tab bar icon (circle target 25 pt)",
                  icons: [.init(id: "small", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.ring(cx: 12.5, cy: 12.5, r: 6, width: 2); return d.mask }(), role: .tabBar)],
                  target: "small", triggers: true),
      RuleExample("a 23 pt square as a toolbar icon (compact square target 17 pt)",
                  icons: [.init(id: "big", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.rectOutline(x: 2, y: 2, width: 21, height: 21, stroke: 2); return d.mask }(), role: .toolbar)],
                  target: "big", triggers: true),
      RuleExample("a 24 pt ring as a tab bar icon",
                  icons: [.init(id: "ring", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.ring(cx: 12.5, cy: 12.5, r: 11, width: 2); return d.mask }(), role: .tabBar)],
                  target: "ring", triggers: false),
      RuleExample("a wide glyph 30 pt wide as a tab bar icon",
                  icons: [.init(id: "wide", mask: { var d = ExampleDrawing(widthPt: 32, heightPt: 25); d.rectOutline(x: 2, y: 5, width: 28, height: 15, stroke: 2); return d.mask }(), role: .tabBar)],
                  target: "wide", triggers: false),
      RuleExample("a small chevron (open stroke, small on purpose)",
                  icons: [.init(id: "chevron", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.polyline([(10, 7), (15, 12.5), (10, 18)], width: 2); return d.mask }(), role: .tabBar)],
                  target: "chevron", triggers: false),
      RuleExample("a solid 10 pt caret on its own 11×6 pt canvas in a navigation bar (canvas_size reports the canvas)",
                  icons: [.init(id: "caret", mask: { var d = ExampleDrawing(widthPt: 11, heightPt: 6); d.polygon([(0.5, 0.5), (10.5, 0.5), (5.5, 5.5)]); return d.mask }(), role: .navigationBar)],
                  target: "caret", triggers: false),
      RuleExample("a 24 pt ring alone as a toolbar icon (circle target 18 pt)",
                  icons: [.init(id: "g0", mask: ExampleFamily.glyph(0, size: 1.1), role: .toolbar)],
                  target: "g0", triggers: true),
      RuleExample("the same ring in a family of five such toolbar glyphs is judged as a family, not one by one",
                  icons: (0..<5).map { .init(id: "g\($0)", mask: ExampleFamily.glyph($0, size: 1.1), role: .toolbar) },
                  target: "g0", triggers: false),
      RuleExample("the same ring of unknown role is not checked",
                  icons: [.init(id: "unknown", mask: { var d = ExampleDrawing(widthPt: 25, heightPt: 25); d.ring(cx: 12.5, cy: 12.5, r: 6, width: 2); return d.mask }())],
                  target: "unknown", triggers: false),
    ])

  /// Icons in a family of at least this many (unselected) icons are judged against each other by
  /// `perceived_size_outlier`, not one by one against the guideline: one fix per icon.
  public static let comparableFamily = 4

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    guard context.family.icons.count < Self.comparableFamily else { return [] }
    return context.icons.filter { !$0.isCustomSymbol }.compactMap { icon in
      // A canvas smaller than the bar's least (a caret on an 11×6 pt canvas beside a button's
      // title) is canvas_size's finding, with its fix: one fix per icon, not "draw it 2.24× larger"
      // on a canvas it cannot grow in.
      if let canvas = icon.role.canvas, max(icon.canvasPt.width, icon.canvasPt.height) < canvas.minimum { return nil }
      let m = icon.metrics
      let w = m.extentPt.width, h = m.extentPt.height
      // Thin glyphs (an ellipsis, a minus) have no shape-class size.
      guard w > 0, h > 0, !FamilyAnalyzer.isThin(m) else { return nil }
      let aspect = w / h
      let shape: ShapeClass
      if aspect >= t(.wideAspect) {
        shape = .wide
      } else if aspect <= 1 / t(.wideAspect) {
        shape = .tall
      } else {
        shape = m.hullAreaPt2 / (w * h) >= t(.squareFill) ? .square : .circle
      }
      guard let target = Self.target(icon.role, shape) else { return nil }
      let measured: Double, dimension: String
      switch shape {
      case .wide: (measured, dimension) = (w, "wide")
      case .tall: (measured, dimension) = (h, "tall")
      case .circle, .square: (measured, dimension) = (max(w, h), "across")
      }
      let ratio = measured / target
      let openStroke = context.family.evaluation(for: icon.id)?.isOpenStroke ?? (m.style == .outline && m.holes == 0)
      let small = ratio < t(.minimumRatio) && !openStroke
      guard small || ratio > t(.maximumRatio) else { return nil }
      let kind = icon.role == .tabBar ? "tab bar" : "compact (\(CanvasSizeRule.roleName(icon.role)))"
      let factor = target / measured
      return context.finding(
        icon,
        "\(withArticle(shape.rawValue)) glyph \(fmt(measured, 1)) pt \(dimension) is \(fmt(ratio))× the \(fmt(target, 0)) pt the guideline gives \(shape.rawValue) \(kind) glyphs",
        measured: ratio, expected: "\(fmt(t(.minimumRatio) * 100, 0))–\(fmt(t(.maximumRatio) * 100, 0))% of \(fmt(target, 0)) pt",
        fix: "draw it \(fmt(factor))× \(factor > 1 ? "larger" : "smaller") (about \(fmt(target, 0)) pt \(dimension))")
    }
  }
}

extension AuditIcon {
  /// Whether the icon is a custom symbol (a `.symbolset`'s SVG template): it has no pixel canvas
  /// and renders at the bar's symbol point size.
  public var isCustomSymbol: Bool { PathText.containsBytes(path, ".symbolset/") }
}

/// Drawings for the canvas examples.
enum CanvasExamples {
  /// A ring on a vector page of widthPt × heightPt pt, rendered at @2x as a renderer does (the
  /// pixels rounded, the page's size kept).
  static func page(widthPt: Double, heightPt: Double) -> RGBAImage {
    var d = ExampleDrawing(widthPt: widthPt.rounded(), heightPt: heightPt.rounded())
    d.ring(cx: widthPt.rounded() / 2, cy: heightPt.rounded() / 2, r: 9, width: 2)
    var image = ExampleDrawing.image(d.mask)
    image.documentSizePt = RGBAImage.DocumentSize(width: widthPt, height: heightPt)
    return image
  }
}
