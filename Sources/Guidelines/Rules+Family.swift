// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Foundation
import IconMetrics
import IconRaster

/// Formats a number for a message: `1.27`, `2`, `0.5` (`%.Nf`, trailing zeros dropped).
func fmt(_ value: Double, _ decimals: Int = 2) -> String {
  guard value.isFinite else { return "–" }
  if let text = fixedDecimal(value, decimals) { return text }
  var text = String(format: "%.\(decimals)f", value)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text
}

/// `fmt`'s text without `String(format:)` (a rule may format a few numbers for each of thousands
/// of icons), for up to 6 decimals and |value| × 10^decimals < 10^15; nil otherwise. Rounds as
/// `%.Nf` does: the exact binary value to nearest, ties to even. The product value × 10^N is
/// carried exactly as hi + lo (`fma`), so a product that only looks like a tie is rounded by lo.
func fixedDecimal(_ value: Double, _ decimals: Int) -> String? {
  guard (0...6).contains(decimals) else { return nil }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let hi = value * scale
  guard abs(hi) < 1e15 else { return nil }
  let lo = (-hi).addingProduct(value, scale)  // value × scale − hi, exactly
  var rounded = hi.rounded(.toNearestOrEven)
  if abs(hi - rounded) == 0.5 && lo != 0 {  // hi is a tie, the exact product is not
    rounded = lo > 0 ? hi + 0.5 : hi - 0.5
  }
  let units = UInt(abs(rounded)), unit = UInt(scale)
  var text = value.sign == .minus ? "-" : ""  // as printf: "-0" for a negative value that rounds to 0
  text += String(units / unit)
  var fraction = units % unit, places = decimals
  guard fraction != 0 else { return text }
  while fraction % 10 == 0 {
    fraction /= 10
    places -= 1
  }
  let digits = String(fraction)
  return text + "." + String(repeating: "0", count: places - digits.count) + digits
}

/// The indefinite article for `phrase` as it is spoken: "an" before a vowel sound ("an outline
/// icon", "an 8 pt stroke", "an 11 pt glyph", "an 18×18 pt canvas"), "a" otherwise ("a filled
/// icon", "a tab bar icon", "a 25 pt glyph", "a unit"). Numbers: "an" when the integer part starts
/// with 8 (eight, eighty, eight hundred) or is 11 or 18 followed by a multiple of three digits
/// (eleven, eighteen, eleven thousand).
func article(_ phrase: String) -> String {
  let lower = phrase.lowercased()
  guard let first = lower.first else { return "a" }
  if first.isNumber {
    let digits = lower.prefix { $0.isNumber }
    if first == "8" { return "an" }
    return digits.count % 3 == 2 && (digits.hasPrefix("11") || digits.hasPrefix("18")) ? "an" : "a"
  }
  // A vowel letter, except where it sounds as a consonant (a unit, a user, a one-off).
  for prefix in ["uni", "use", "usu", "uti", "one", "eu"] where lower.hasPrefix(prefix) { return "a" }
  return "aeiou".contains(first) ? "an" : "a"
}

/// `phrase` with its indefinite article: "an outline", "a filled".
func withArticle(_ phrase: String) -> String { article(phrase) + " " + phrase }

/// Whether an icon carries a shadow or glow halo (at `drop_shadow`'s default thresholds). The
/// halo's coverage enters both stroke estimates (a 2 pt glyph with a 40% shadow measures about
/// 2.4 pt), so stroke comparisons skip such icons and `drop_shadow` reports them instead.
func hasHalo(_ m: IconMeasurements) -> Bool {
  let shadow = DropShadowRule.Threshold.self
  return (m.haloFraction >= shadow.shadowFraction.defaultValue && m.haloOffsetPx.length >= shadow.shadowOffsetPx.defaultValue)
    || m.haloFraction >= shadow.glowFraction.defaultValue
}

/// How many strokes across (the extent's shorter side ÷ the profile stroke) a glyph must be for its
/// ink ÷ hull to say whether it is solid (``hasAreaToFill(_:)``).
let areaToFillStrokes = 2.0

/// Whether a glyph is wide enough across for its density (ink ÷ hull) to say it is solid: the
/// extent's shorter side at least ``areaToFillStrokes`` (2) strokes. A bar, a `!`, a `|` is one
/// stroke wide: its ink fills its hull because it is thin, not because an area was filled (Octicons'
/// `!`: 3.7 pt across, a 2.75 pt bar, ink 0.77 of its hull). A filled shape's "stroke" is its
/// body's width, and a filled drawing is wider than its body (a solid star, a pill with holes, a
/// handset: 3–12 strokes across; the calibration's filled intruders that are unsure by their own
/// cues 7.3).
func hasAreaToFill(_ m: IconMeasurements) -> Bool {
  m.strokeWeightPt > 0 && min(m.extentPt.width, m.extentPt.height) >= areaToFillStrokes * m.strokeWeightPt
}

/// Ink ÷ hull above which a glyph that encloses nothing fills its hull like a body rather than
/// like lines: the middle of the density cue's undecided band, between its outline vote (0.50) and
/// its filled vote (0.72) (``IconStyle``).
let solidBodyDensity = (IconStyle.outlineDensity + IconStyle.filledDensity) / 2

/// Whether an icon's heavier "stroke" may be the width of a solid body rather than a line: its own
/// cues (``IconStyle``) call it neither outline nor filled, it encloses nothing (no hole), and its
/// ink covers more of its hull than lines do (above ``solidBodyDensity``, 0.61). A solid handset
/// (Adwaita's call-start, call-stop, call-incoming: unsure, no hole, ink 0.66–0.69 of its hull, a
/// body 3.3–3.75 pt wide among 2.2–2.5 pt lines, read as outline by its family since it is under
/// 1.6× their stroke) is such a glyph, and its heavier "stroke" is weaker evidence: a warning at
/// most (`stroke_weight_outlier`). Open line glyphs drawn heavier leave their hull emptier and stay
/// errors (Element's 3.2 pt back chevron 0.56, Habitica's three 3 pt menu bars 0.45, both judged
/// right); the heavier line drawings that `scripts/calibrate` injects and finds as errors and are
/// unsure by their own cues (5 of 58: heavy Tabler and Lucide glyphs whose small openings close
/// up) all keep holes.
func mayBeSolidBody(_ m: IconMeasurements) -> Bool {
  m.style == .unsure && m.holes == 0 && m.density > solidBodyDensity
}

/// The grade of a deviation, capped by the configured severity.
func graded(_ grade: Severity, cap: Severity) -> Severity { min(grade, cap) }

/// Whether `stroke_weight_outlier` (at its default thresholds) reads the icon's stroke as another
/// weight with an error's evidence: against the group's other icons, the profile estimate beyond
/// |M| = `errorZ` and `errorRatio`, the contour estimate beyond |M| = `z` in the same direction,
/// the two estimates within `maximumDisagreement` of each other, and not a heavier "stroke" in a
/// family that draws with solids (it may be a solid part). The partly-filled test is left out: it
/// asks the estimates to disagree or the contour estimate not to confirm, which this all but excludes.
func isErrorGradeStroke(_ e: IconEvaluation, family: FamilyReport) -> Bool {
  let t = StrokeWeightOutlierRule.Threshold.self
  let profile = e.strokeAmongOthers, contour = e.strokeContourAmongOthers
  let k = profile.ratio
  guard k > 0, e.stroke.value > 0, e.strokeContour.value > 0,
    abs(log(e.stroke.value / e.strokeContour.value)) <= log(t.maximumDisagreement.defaultValue),
    !(k > 1 && family.drawsSolidParts), !drawsAtGroupStroke(e)
  else { return false }
  return abs(profile.z) > t.errorZ.defaultValue && abs(log(k)) >= log(t.errorRatio.defaultValue)
    && abs(contour.z) > t.z.defaultValue && (profile.z > 0) == (contour.z > 0)
}

/// Whether the contour estimate follows the profile estimate of a line drawn in one width, though
/// not far enough to pass `stroke_weight_outlier`'s |M|: the two estimates are the same stroke
/// measured twice, and the contour's M is short only because its yardstick is wide.
///
/// The contour estimate, 2 × ink ÷ contour length, is the stroke width only for long strokes
/// without solid parts: caps lower it (a short stub), solid parts raise it (ink without contour),
/// so a family's contour estimates spread with its drawings (MDI: MAD 0.05–0.08 of a log, against
/// 0.03–0.04 for the profile) and a stroke changed by 1.2 reads |M| = 1.2–1.9 on it. A glyph's own
/// bias moves with neither a stroke change nor a scale (both multiply ink ÷ contour by k), so a
/// contour estimate that moved at least half as far as the profile, the same way (k = 1.2:
/// contour ≥ 1.095×), in a glyph that is a line of one width (``isUniformLine``) and in a family
/// that draws no solid parts (whose outline statistics mix lines with solids: a Papirus quote mark,
/// a solid webcam read 0.74× and 1.5×), says the profile is right. Calibration: see
/// `stroke_weight_outlier`'s rationale.
func contourFollows(_ e: IconEvaluation, _ m: IconMeasurements, family: FamilyReport, maximumSpread: Double, maximumPartial: Double) -> Bool {
  let k = e.strokeAmongOthers.ratio, c = e.strokeContourAmongOthers.ratio
  guard !family.drawsSolidParts, k > 0, c > 0, isUniformLine(m, maximumSpread: maximumSpread, maximumPartial: maximumPartial)
  else { return false }
  return (log(c) > 0) == (log(k) > 0) && abs(log(c)) >= 0.5 * abs(log(k))
}

/// Profile ÷ contour stroke estimate at or above which a line of one width has its contour
/// estimate lowered by dots and stubs (``contourLoweredByCaps``). The untouched lines of one width
/// of the seven calibration sources read 0.98–1.01 at the median and 1.08–1.36 at the 99th
/// percentile (Tabler's tail: its dotted glyphs); a dotted border corner reads 1.24 at the family's
/// weight and 1.32 drawn 1.33× heavier.
let dottedProfileRatio = 1.2

/// Whether a heavier profile estimate of a line drawn in one width is the stroke, its contour
/// estimate lowered by dots and stubs: profile ÷ contour at least ``dottedProfileRatio`` (1.2), in
/// a family that draws no solid parts.
///
/// A dot of diameter w reads w on the profile (its skeleton is a point) and w ÷ 2 on the contour
/// (2 × ink ÷ contour length of a disk), and a short stub's caps add contour without ink, so a
/// glyph with a dotted edge reads a contour estimate well under its stroke and a heavier stroke
/// does not move it the same way (Tabler's border-style drawn at 1.33×: profile 1.33× at M = 6.4,
/// contour 0.99×, profile ÷ contour 1.35). Its local widths agreeing (``isUniformLine``) say the dots are at the stroke's
/// width, not larger, so the profile is the stroke. Only a heavier profile: a lighter one with the
/// contour raised is a solid part, `style_mismatch`'s partly filled glyph.
func contourLoweredByCaps(_ e: IconEvaluation, _ m: IconMeasurements, family: FamilyReport, maximumSpread: Double, maximumPartial: Double) -> Bool {
  guard !family.drawsSolidParts, e.strokeAmongOthers.ratio > 1, e.stroke.value > 0, e.strokeContour.value > 0,
    isUniformLine(m, maximumSpread: maximumSpread, maximumPartial: maximumPartial)
  else { return false }
  return e.stroke.value / e.strokeContour.value >= dottedProfileRatio
}

/// The share of its skeleton an icon must draw at its group's stroke (within 1.1× either way:
/// ``IconEvaluation/shareAtGroupStroke``) for its lines to be at the family's weight
/// (``drawsAtGroupStroke(_:)``).
let atGroupStrokeShare = 0.25

/// Whether the icon draws its lines at its group's stroke weight: a quarter or more of its
/// skeleton's local widths within 1.1× of the stroke of the group's other icons. Its median width
/// (the profile estimate) may then read heavier or lighter than the family's, but what makes it so
/// is not a line drawn at another weight: a window frame at MDI's 2.08 pt with a solid title bar
/// and a solid cog (median 2.54 pt, 1.22×; 44% of its widths at the frame's weight), a checkerboard
/// of Papirus's 2 px squares whose diagonal joins measure 1–2 px (median 0.6×; 37%), one Tabler
/// bar and three dots whose caps and dots read thinner (median 0.83×; 40%). Neither the stroke nor
/// the scale is judged from such a median. A glyph whose lines are at another weight or scale
/// draws almost none there: of the injected outliers found in `scripts/calibrate` (heavier and
/// lighter strokes, scaled glyphs, other families' icons: 281 glyphs), none reaches 0.15.
func drawsAtGroupStroke(_ e: IconEvaluation) -> Bool { e.shareAtGroupStroke >= atGroupStrokeShare }

/// How close the size ratio must be to the stroke ratio, as a share of the stroke's log ratio, for
/// the two to be off "by the same factor" (``scaleEvidence``).
let sameFactorShare = 1.0 / 3.0

/// Whether an icon's stroke says the whole glyph was drawn at another scale, and by how much.
///
/// A stroke off the family's by a factor k (|M| ≥ `z` on the profile estimate, |log k| ≥
/// log `minimumRatio`) of an icon whose style, on its own and in its family, is outline (a row of
/// dots, whose profile "stroke" is its dot diameter, is unsure; a filled shape's "stroke" is its
/// body) has two explanations, told apart by two measurements that respond differently. (The
/// contour estimate, 2 × ink ÷ contour length, is no confirmation: it scales with the glyph, but
/// its natural value depends on the drawing, 0.8–1.8× the family's on untouched glyphs (a folder's
/// tab, a wheel of spokes), so a scaled folder or wheel read 1.0–1.4× the family's for k = 0.8 and
/// the scale was missed: 6 of 140 glyphs scaled by 0.8 or 1.2 in `scripts/calibrate`.)
/// - the whole glyph was scaled by k: its detail density C = P² ÷ ink (≈ 4 × skeleton length ÷
///   stroke for a stroke drawing) is unchanged, and the extent's longer side is k × the natural one;
/// - only the stroke changed: C falls by 1/k, and the extent grows by half the stroke's growth on
///   each side, (k − 1) × w of a glyph ~9 w across.
/// Each explanation implies a natural (undistorted) detail and extent for the icon; the one whose
/// natural values are more typical of the other members of its group wins. "Typical" is the
/// family's own distribution, a Gaussian kernel density over the peers' log ratios (Silverman's
/// bandwidth, floored at 0.10 for detail and 0.03 for extent), not a normal law around the median:
/// extents on a keyline grid pile up at the keyline with a tail of smaller glyphs and almost none
/// beyond, so a glyph at 1.09× the keyline is far likelier a 0.91× glyph scaled by 1.2 than a
/// 1.07× glyph with a heavier stroke. Size is left out: it is what the rule judges and it moves
/// with the extent. Calibrated on Lucide (`scripts/check_family_rules.py`, held-out seeds): of
/// glyphs scaled by 1.2 or 0.8, 93–98% are called scaled; of strokes changed by 0.67–1.5, 1–5%.
/// The stroke must pass |M| ≥ `z`, or only |M| ≥ `clearZ` when it is off by `clearRatio` or more
/// (the size rule's error ratio). |M| is ln k over the family's own stroke spread: at the MAD floor
/// (0.03) a glyph scaled by 0.8 reaches |M| = 5.0 and by 1.2 4.1, but in a family whose strokes
/// spread by a MAD of 0.04–0.06 of a log a scaled glyph fell short of 3.5 (`scripts/calibrate`: a
/// Yaru microphone scaled by 0.8 measured 0.81 at |M| = 3.36, a Papirus pin scaled by 1.2 1.25 at
/// 2.51). |M| ≥ 2.5 is the bar `stroke_weight_outlier` sets for any stroke finding; a stroke off
/// by less than the error ratio must still pass 3.5 (a solid Papirus signal glyph whose profile
/// "stroke" read 0.86 of its family's at |M| = 3.3 is no scaled glyph).
///
/// Before the vote: stroke and size off by the same factor say "scaled" on their own. A closed
/// glyph (``IconEvaluation/isSizeReference``) whose stroke `stroke_weight_outlier` would call an
/// error (``isErrorGradeStroke(_:family:)``) and whose size ratio is within ``sameFactorShare`` of
/// ln k of k is scaled, whatever its detail and extent say: one finding (the scale, whose fix
/// also fixes the stroke) instead of a stroke error beside a size that is off as much. Only a
/// stroke error is renamed; no finding is added. In `scripts/calibrate` it renamed a Phosphor
/// handset scaled by 0.8 and a flag scaled by 1.2 (their extent sat at the keyline, which the
/// vote read as a heavier stroke) and an untouched MDI window-with-cog (stroke 1.22×, size 1.17×;
/// no finding since its lines are known to be at the family's weight: ``drawsAtGroupStroke(_:)``).
/// Returns k when it is a scaled glyph, else nil.
func scaleEvidence(
  _ e: IconEvaluation, family: FamilyReport, z: Double, minimumRatio: Double, clearZ: Double, clearRatio: Double
) -> Double? {
  guard e.group == .outline, let group = family.group(e.group), group.members.count >= 4 else { return nil }
  let k = e.stroke.ratio
  // Only a glyph that is an outline on its own and in its family: dots (whose profile "stroke" is
  // their diameter) and filled shapes (whose "stroke" is their body) are unsure or filled.
  guard e.style == .outline, k > 0, abs(log(k)) >= log(minimumRatio) else { return nil }
  // Lines drawn at the family's weight: the median is moved by solid parts, dots or joins, and says
  // nothing about the scale.
  guard !drawsAtGroupStroke(e) else { return nil }
  guard abs(e.stroke.z) >= (abs(log(k)) >= log(clearRatio) ? min(z, clearZ) : z) else { return nil }
  // Stroke and size off by the same factor: a closed glyph whose size ratio is within a third of
  // the stroke's log ratio of it (k = 1.2: size 1.13–1.27×) was drawn at another scale; the fix is
  // one, and it is the scale.
  // Only a stroke stroke_weight_outlier would report as an error: one finding is renamed, none is
  // added.
  if e.isSizeReference, isErrorGradeStroke(e, family: family), e.size.ratio > 0,
    abs(log(e.size.ratio) - log(k)) <= sameFactorShare * abs(log(k))
  {
    return k
  }
  let peers = family.icons.filter { $0.group == e.group && $0.id != e.id }
  let logK = log(k)
  // A stroke w → k·w grows the extent by (k − 1)·w (half on each side) of a glyph ~9 w across.
  let strokeExtent = log(1 + (k - 1) / 9)
  var scaled = 0.0, strokeOnly = 0.0
  for (values, floor, x, ifScaled, ifStroke) in [
    (peers.map(\.detail.ratio), 0.10, e.detail.ratio, 0.0, -logK),
    (peers.map(\.extent.ratio), 0.03, e.extent.ratio, logK, strokeExtent),
  ] {
    let logs = values.filter { $0 > 0 }.map { log($0) }
    guard logs.count >= 3, x > 0 else { continue }
    let density = KernelDensity(logs, minimumBandwidth: floor)
    scaled -= log(density(log(x) - ifScaled) + 0.05)
    strokeOnly -= log(density(log(x) - ifStroke) + 0.05)
  }
  return scaled < strokeOnly ? k : nil
}

/// A Gaussian kernel density estimate of one variable, with Silverman's rule-of-thumb bandwidth
/// h = 0.9 · min(σ, IQR ÷ 1.34) · n^(−1/5) (B. W. Silverman, *Density Estimation for Statistics
/// and Data Analysis*, 1986, eq. 3.31), never below `minimumBandwidth`.
struct KernelDensity {
  let samples: [Double]
  let bandwidth: Double

  init(_ samples: [Double], minimumBandwidth: Double) {
    self.samples = samples
    let n = Double(samples.count)
    let mean = samples.reduce(0, +) / max(n, 1)
    let sd = (samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / max(n, 1)).squareRoot()
    let sorted = samples.sorted()
    func quantile(_ q: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      let position = q * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    let iqr = quantile(0.75) - quantile(0.25)
    let spread = iqr > 0 ? min(sd, iqr / 1.34) : sd
    bandwidth = max(minimumBandwidth, 0.9 * spread * pow(max(n, 1), -0.2))
  }

  /// The estimated density at `x`.
  func callAsFunction(_ x: Double) -> Double {
    guard !samples.isEmpty else { return 0 }
    let h = bandwidth
    let sum = samples.reduce(0.0) { total, s in total + exp(-(x - s) * (x - s) / (2 * h * h)) }
    return sum / (Double(samples.count) * h * (2 * Double.pi).squareRoot())
  }
}

/// Whether an icon's stroke is a line drawn in one width: the local widths along its skeleton
/// agree (``IconMeasurements/strokeWidthSpread``, q90 ÷ q10, at most `maximumSpread`) and its ink
/// is opaque (partial pixels per px of contour at most `maximumPartial`: the profile integrates α,
/// so a translucent part reads thinner than it is drawn). A solid shape read as a "stroke" (a
/// handset, whose ends are 2–3× as wide as its neck; a play triangle narrowing to its tip) is not
/// one. Figures: `stroke_weight_outlier`'s rationale.
func isUniformLine(_ m: IconMeasurements, maximumSpread: Double, maximumPartial: Double) -> Bool {
  m.strokeWidthSpread > 0 && m.strokeWidthSpread <= maximumSpread && m.partialPixelRatio <= maximumPartial
}

/// Whether an icon is a line drawing with solid parts drawn at another line weight, in a family
/// whose line drawings have none: partly filled at another weight, an icon of another family (a
/// Phosphor fill glyph, 1.5 pt lines with a solid bulb or arrowhead, among Tabler's 2 pt lines).
///
/// All of: an outline icon of the outline group (≥ 4 icons) of a family that draws with no solids
/// (``FamilyReport/drawsSolidParts`` false: at most one of its line drawings has solid parts, and
/// it is not split into two styles); solid parts of its own (profile ÷ contour stroke at most
/// ``IconStyle/knockoutProfileRatio``, 0.75, the cue that votes filled; outline drawings of Lucide,
/// Phosphor, Tabler and MDI measure 0.80 at least); its lines (the profile estimate) off the
/// family's stroke by `minimumRatio` with |M| above `z`; and no reading of one stroke weight: the
/// two estimates disagree by more than `stroke_weight_outlier`'s `maximumDisagreement`, or the
/// contour estimate does not confirm the profile's direction (its solid parts inflate it). A glyph
/// whose two estimates agree on another weight is `stroke_weight_outlier`'s; one drawn at another
/// scale (``scaleEvidence``), or with a halo, is not judged here.
func isPartlyFilledAtAnotherWeight(_ e: IconEvaluation, _ m: IconMeasurements, family: FamilyReport, z: Double, minimumRatio: Double) -> Bool {
  guard e.group == .outline, e.style == .outline, !family.drawsSolidParts, let group = family.group(.outline),
    group.members.count >= 4, !hasHalo(m), e.stroke.value > 0, e.stroke.ratio > 0,
    m.strokeWeightContourPx > 0, m.strokeWeightProfilePx > 0, !drawsAtGroupStroke(e)
  else { return false }
  guard m.strokeWeightProfilePx / m.strokeWeightContourPx <= IconStyle.knockoutProfileRatio,
    abs(e.stroke.z) > z, abs(log(e.stroke.ratio)) >= log(minimumRatio)
  else { return false }
  let stroke = StrokeWeightOutlierRule.Threshold.self
  let oneWeight = e.strokeContour.value > 0
    && abs(log(e.stroke.value / e.strokeContour.value)) <= log(stroke.maximumDisagreement.defaultValue)
  let confirmed = abs(e.strokeContour.z) > stroke.z.defaultValue && (e.stroke.z > 0) == (e.strokeContour.z > 0)
  guard !(oneWeight && confirmed) else { return false }
  let size = PerceivedSizeOutlierRule.Threshold.self
  return scaleEvidence(
    e, family: family, z: size.scaleStrokeZ.defaultValue, minimumRatio: size.scaleStrokeRatio.defaultValue,
    clearZ: size.scaleStrokeClearZ.defaultValue, clearRatio: 1 / size.errorRatio.defaultValue) == nil
}

public struct PerceivedSizeOutlierRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case errorZ, errorRatio, warningZ, warningRatio, heldToSpan, beyondSpan, scaleStrokeZ, scaleStrokeClearZ, scaleStrokeRatio, largerStrokeZ, minimumFamily
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .largerStrokeZ: (2.0, "|M| of the profile stroke that, with both stroke estimates heavier by scaleStrokeRatio and a closed outline glyph larger by it and reaching beyondSpan past what the heavier stroke alone adds, marks a glyph drawn larger (its scale: the geometric mean of the size and stroke ratios, an error beyond 1/errorRatio)")
      case .errorZ: (3.5, "|M| a size must pass to be an error (with errorRatio)")
      case .errorRatio: (0.85, "size ÷ median below which (or above whose inverse) it is an error (with errorZ); a small glyph also needs the headroom to grow by its inverse")
      case .heldToSpan: (0.95, "longer side ÷ the family's span at or above which a small glyph is held to the span: judged on its size alone (its stroke at the family's weight, or filled), only such a glyph is flagged as too small; one smaller in both directions is not")
      case .warningZ: (2.5, "|M| a size must pass to be a warning (with warningRatio)")
      case .warningRatio: (0.90, "size ÷ median below which (or above whose inverse) it is a warning; a small glyph also needs the headroom to grow by its inverse")
      case .beyondSpan: (1.05, "how far beyond the room the family's larger glyphs take (the upper quartile of their longer sides, with the wide and tall allowances) a large glyph must reach to be flagged")
      case .scaleStrokeZ: (3.5, "|M| of the profile stroke estimate that marks a scaled glyph")
      case .scaleStrokeClearZ: (2.5, "|M| of the profile stroke estimate enough when the stroke is off by errorRatio or more (the bar stroke_weight_outlier sets for any finding)")
      case .scaleStrokeRatio: (1.1, "stroke ÷ median (or its inverse) that marks a scaled glyph")
      case .minimumFamily: (4, "smallest style group that is compared")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "perceived_size_outlier", name: "Perceived Size Outlier", scope: .family,
    rationale: """
      All icons of an app belong to one family with the same perceived size; some icons must be \
      drawn at a different actual size to look the same size (HIG, Custom icons: a voicemail \
      glyph is drawn larger than a star). Size is S = √max(hull area, 0.7 × extent area), \
      compared with the median S of the style group's closed glyphs: open stroke glyphs \
      (chevrons, plus, a close cross: outline, nothing enclosed) and thin ones (an ellipsis, a \
      minus; longer side ≥ 2.5× the shorter) are small by nature, are not flagged for it, and do \
      not set the family's size; a group with fewer than 3 closed glyphs is not judged on size. \
      A line glyph whose holes enclose under 2% of its hull (a fishing hook's eye, the pinholes \
      where a double tick's strokes cross) is open too when it comes to being called small: the \
      line glyphs with holes of the seven calibration sources enclose 0.16–0.43 of their hull at \
      the median, and 2% is their 1st–5th percentile; counted as closed for their hole, Lucide's \
      fishing hook and Papirus's double tick were \"0.79× too small\" errors in every run that \
      sampled them, untouched and beside every injected kind. Such a glyph still sets the \
      family's size: taking it out of the median moved other glyphs' findings (a Breeze envelope \
      became \"1.3× larger\" once a rotation arrow with a tiny padlock left a median of five). \
      A glyph is too small only when it could grow: its headroom (how far it can scale before \
      its extent passes the family's span, the median longer side of the group's glyphs; a \
      wide glyph may be 31/25 and a tall one 28/25 of it, as Apple's shape sizes allow, but no \
      wider than the family's other wide glyphs are drawn, nor taller than its other tall ones, \
      where it has any; and never beyond the canvas it may have: its role's largest, its own when \
      the role is unknown) must cover the missing size, so a tall pin or a thin bolt that already \
      spans the family's height is left alone, and so is a wide glyph as wide as the family's \
      other wide glyphs (on the held-out Heroicons and Font Awesome, untouched size findings 21 → 1: \
      Heroicons' backward, 18.9 pt wide beside a forward as wide and a span of 18.0 pt, was an \
      error at 0.79× with 1.18 of room no Heroicons glyph draws; Font Awesome's chess-bishop and \
      pointing hands, spanning the canvas height like its other tall glyphs, were warnings; on the \
      seven calibration sources no figure got worse and 5 untouched warnings went, the real apps \
      unchanged). Where the group has no other glyph of its shape but has some of the other \
      elongated shape, those tell how much of Apple's allowance the family gives: a tall glyph may \
      pass the span by the share of Apple's wide allowance the widest other wide glyph takes (0 \
      when it is drawn no wider than the span) of Apple's tall allowance, and a wide glyph likewise: \
      a family that draws its wide glyphs within its span holds every glyph to one square. \
      Rocket.Chat's tab bar (Font Awesome glyphs, all 24 pt tall, its car 23.9 pt wide on a span of \
      24.0 pt) told its lightbulb, 16.5×24 pt at 0.85×, to grow 1.12× though it spans the height \
      every glyph of the family spans; now it is not flagged. In `scripts/calibrate` this removed \
      only untouched size warnings (a Lucide microphone and chess pawn, an MDI flash-alert and \
      rewind: MDI 5 → 4 of 236, Lucide 1 → 0 of 218) and one size error on an untouched Papirus \
      triangle (scale 0.8 precision 0.87 → 0.88); held out, a Font Awesome pointing hand's warning; \
      on the real apps only the lightbulb. A glyph is too large only when it also reaches 5% beyond the room the \
      family's larger glyphs take (the upper quartile of the longer sides): a calendar or a \
      storefront that fills the keyline square spans what its neighbours span and is not flagged. \
      Size alone cannot tell a glyph drawn small or large on purpose (a transport control, a \
      maximize square, scan brackets, a battery) from one drawn at another scale; the stroke can. \
      A glyph whose stroke is off the family's by the same factor was drawn at another scale: \
      reported as such ("drawn at 0.8× the family's scale"), stroke included, an error beyond \
      0.85–1.18×; stroke_weight_outlier then says nothing, so the icon gets one finding and one \
      fix. A glyph that draws a quarter or more of its skeleton at the family's stroke \
      (stroke_weight_outlier) has its lines at the family's weight and is not read as scaled: \
      an MDI window frame at the family's 2.08 pt with a solid title bar and cog, whose median \
      width read 1.22× and its size 1.17×, was \"drawn at 1.22× the family's scale\" in every \
      calibration run. The same factor is read two ways: a closed glyph whose stroke stroke_weight_outlier \
      would call an error and whose size ratio is within a third of the stroke's log ratio of it \
      (stroke 1.2×: size 1.13–1.27×) is scaled; otherwise the stroke's detail and extent decide \
      (below). A glyph at the family's stroke (or with no stroke to tell: a filled glyph) is \
      too small on its size alone only in the case the HIG documents, a glyph held to the \
      family's span (its longer side at least 95% of it) whose shape makes it look smaller, a \
      wide voicemail tape beside a star: an error with |M| > 3.5, the ratio below 0.85 and the \
      headroom to grow by 1/0.85, a warning with |M| > 2.5 and the ratio below 0.9, and only when \
      growing it as far as the span allows brings it into the family (ratio × headroom at least \
      0.85, or 0.9 for a warning): one that would still look smaller is small by its shape, not \
      its scale (a Tabler arrow with a ring at its tail, 2.5:1 and as wide as the family, read \
      0.61× with a headroom of 1.24; Breeze's text-selection handles 0.62–0.72× with 1.13–1.16); \
      smaller in both directions it is not flagged. Larger on its size alone, it is a warning at most \
      (|M| > 2.5, beyond 1.11×). Larger and heavier, it was drawn larger: a closed outline glyph \
      at least 1.1× the median size, both stroke estimates at least 1.1× the family's (the profile \
      one at M ≥ 2, not a quarter of its skeleton at the family's stroke), and reaching beyond the \
      room the family's larger glyphs take by more than the heavier stroke adds (1.05 × (1 + (s − 1) \
      ÷ 9)) is reported with its scale, the geometric mean of the size and stroke ratios, an error \
      beyond 1.18× (size and stroke, two measurements of one scale, can each fall short of their own \
      bar where a family spreads: a Papirus server drawn 1.2× large read size 1.31× at M = 2.4 and \
      stroke 1.11× at M = 2.3, a Breeze note 1.11× and 1.40×). Glyphs drawn large on purpose draw \
      their lines at the family's stroke: the 30 untouched glyphs of the calibration larger than \
      1.1× and beyond the room read 0.28–1.01× the family's stroke (heavier only Breeze's skip \
      arrows, open, and a filled backspace); the test, even relaxed to 1.05×, M ≥ 1 and 1.02 of the \
      room, flags none of them and no other icon of the injected families; it found 2 more glyphs \
      scaled by 1.2 (50 → 52 of 70) and 2 foreign ones (63 → 65), and changed nothing on the ten \
      real apps. The fix is the \
      factor that matches the family, capped at the headroom (or at the span, for a large glyph). \
      Measured with `scripts/calibrate` (605 families of Phosphor, Tabler, MDI, Lucide and the \
      Papirus, Breeze and Yaru symbolic icons): untouched icons with a size error went from 16 \
      to 5 in 1,527 (the 11 gone, all drawn so on purpose by eye: MDI skip-previous, a ceiling \
      lamp and scan brackets, Papirus window-maximize, a keyboard-hide triangle, a password \
      dialog and a selection mark, Phosphor's paragraph, Tabler's volume glyph, Breeze's pan \
      arrowhead), \
      and the size errors on other icons of the injected families from 74 to 20. The stroke is \
      a candidate for a scale at |M| ≥ 3.5, or at |M| ≥ 2.5 (the bar of any stroke finding) when \
      it is off by 0.85–1.18× or more: in families whose strokes spread by a MAD of 0.04–0.06 of \
      a log a scaled glyph's stroke reached only |M| = 2.5–3.5. Of the glyphs scaled by 0.8, 58 \
      of 70 are found (57 with |M| ≥ 3.5 whatever the ratio), by 1.2 49 of 70 (48), with no new \
      error on any other icon. Stroke and size off by the same factor: 59 and 50 (a Phosphor \
      handset at 0.8, a flag at 1.2, both called stroke errors before), an untouched MDI \
      window-with-cog drawn 1.17× large at 1.22× the stroke renamed from a stroke error to a \
      scale one, no finding added (`scripts/calibrate`; the ten real apps unchanged; since \
      then it has none, its lines being at the family's weight); the \
      headroom bar removes a Tabler arrow's error and 7 untouched warnings (Breeze 17 → 12 of \
      235, Lucide 3 → 2, MDI 8 → 7), none a glyph a designer would redraw. What limits the rest, measured: size alone \
      cannot find them, since the closed glyphs of an untouched family spread around its median \
      by σ = 0.056–0.11 of a log (Phosphor, Lucide, Tabler, MDI, Yaru, Breeze, Papirus line \
      glyphs; 0.14 and 0.23 for Papirus' and Breeze's filled ones) against ln 0.8 = −0.22 and \
      ln 1.2 = 0.18, and 1.7–5.8% of them (16–33% of those filled ones) are below 0.85× \
      untouched; flagging glyphs smaller or larger in both directions on their size alone, at \
      the same thresholds, found 3 more of the 140 and made 13 more untouched icons errors (5 → \
      18). Of the 31 missed, 19 have no stroke to tell (filled or partly filled Papirus, Breeze \
      and Yaru glyphs, whose profile "stroke" is their body and does not move with the scale); 4 \
      have a stroke error at 0.8× or 1.2× while their size is not off by that factor (0.87–1.08× \
      the median: a card, a diagonal arrow, a chess knight, a candy; by eye the stroke is what \
      shows, and scaling the knight by 0.83 would leave it 0.83× its neighbours); 8 have a \
      stroke too little off or one whose contour estimate does not follow (4 get a stroke \
      warning). Two cues for glyphs without a stroke were measured and not built: the width of \
      the gaps between parts (the background's distance transform inside the hull, at background \
      skeleton points bounded by ink on both sides) spreads around the family's median by a MAD \
      of 0.15–0.35 of a log on untouched icons of all seven sources, and Papirus gaps of 1 px \
      close rather than shrink at 0.8; the width of a filled glyph's thin parts (the lower \
      quartile of its skeleton's widths) is tight in Breeze and Yaru (MAD 0.03) but heavy-tailed \
      (σ 0.22–0.30), and together with a size off the same way it found 2 and 5 more of the \
      Papirus, Breeze and Yaru glyphs scaled by 0.8 and 1.2 while 57 and 65 untouched glyphs of \
      those families passed the same test. Read by eye beside their families \
      (`Reports/calibration/scale-misses.md`), 13 of the 31 are visibly the wrong size, 10 are \
      debatable and 8 are not visible as a size (a wide card or battery scaled into the family's \
      size; a knight, a candy and two arrows drawn small and scaled up to it, whose stroke is what \
      shows), so finding every visible one would give 0.87. Size alone, bounded where 3% of a \
      source's closed untouched glyphs fall outside, catches 89% and 94% of Phosphor's glyphs scaled \
      by 0.8 and 1.2, 40–59% and 33–70% of the other line families', 6–58% and 19–67% of the solid \
      ones'. The cues measured for the visible ones would add errors a designer argues with: beyond \
      the family's largest other glyph by 3% (and 1.1× the median) found 5 while flagging 6 \
      untouched glyphs drawn large on purpose (scan brackets, a backspace, a battery); against the \
      family's glyphs of the same hull shape, 5.4% of the untouched glyphs that have such peers \
      fall beyond 0.85–1.18×; the width of a solid glyph's knocked-out detail is tight in Papirus \
      (MAD 0.053) but 2 of the 140 have peers to compare with (`scripts/scale_recall_study.py`). \
      On the bar families of ten \
      real apps the first version of this rule removed 7 errors a designer called wrong \
      (ordinary glyphs called 1.2–1.5× too large beside chevrons and an ellipsis); the stroke \
      bar of 2.5 changed none of their findings.
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a glyph drawn at 80% among eight at the family size",
                  icons: ExampleFamily.icons() + [.init(id: "small", mask: ExampleFamily.glyph(1, size: 0.8))],
                  target: "small", triggers: true),
      RuleExample("a glyph drawn at 120%", icons: ExampleFamily.icons() + [.init(id: "big", mask: ExampleFamily.glyph(3, size: 1.2))],
                  target: "big", triggers: true),
      RuleExample("a wide glyph at the family's extent in a tab bar looks smaller (the voicemail case)",
                  icons: ExampleFamily.icons(role: .tabBar) + [.init(id: "wide", mask: voicemailGlyph(barY: 16), role: .tabBar)], target: "wide", triggers: true),
      RuleExample("the same wide glyph in its own 24 pt canvas with no role: 22 pt wide, it cannot grow beyond its canvas by the missing size, not flagged",
                  icons: ExampleFamily.icons() + [.init(id: "wide", mask: voicemailGlyph(barY: 16))], target: "wide", triggers: false),
      RuleExample("the same wide glyph in a tab bar beside another wide glyph as wide as it (Heroicons' backward beside forward): the family draws its wide glyphs no wider than its span, so it has no room to grow, not flagged",
                  icons: ExampleFamily.icons(role: .tabBar) + [.init(id: "wide", mask: voicemailGlyph(barY: 16), role: .tabBar), .init(id: "wide2", mask: voicemailGlyph(barY: 8), role: .tabBar)], target: "wide", triggers: false),
      RuleExample("a tall oval (a lightbulb's bulb, 16×22 pt) spanning the family's height in a tab bar, 0.85× its size: Apple's tall allowance (28/25) gives it room to grow, a warning",
                  icons: ExampleFamily.icons(role: .tabBar) + [.init(id: "bulb", mask: ExampleDrawing.tallOval(), role: .tabBar)],
                  target: "bulb", triggers: true),
      RuleExample("the same oval beside a wide glyph drawn no wider than the family's span (Rocket.Chat's lightbulb beside its car): the family gives its elongated glyphs no room beyond its span, so the oval spans what the family spans, not flagged",
                  icons: ExampleFamily.icons(role: .tabBar) + [.init(id: "bulb", mask: ExampleDrawing.tallOval(), role: .tabBar),
                                                               .init(id: "wide", mask: voicemailGlyph(barY: 16), role: .tabBar)],
                  target: "bulb", triggers: false),
      RuleExample("an arrow with a ring at its tail as wide as the family (2.4:1): small by its shape, still smaller at the widest the family's span allows, not flagged",
                  icons: ExampleFamily.icons() + [.init(id: "arrow", mask: {
                    var d = ExampleDrawing()
                    d.line(x0: 3, y0: 12, x1: 17, y1: 12, width: 2)
                    d.polyline([(7, 8), (3, 12), (7, 16)], width: 2)
                    d.ring(cx: 19.5, cy: 12, r: 2.5, width: 2)
                    return d.mask
                  }())], target: "arrow", triggers: false),
      RuleExample("a square drawn at 1.22× with its stroke among rings: stroke and size off by the same factor, one finding, the scale (its extent alone reads as a heavier stroke)",
                  icons: (0..<8).map { .init(id: "ring\($0)", mask: ExampleDrawing.ring18()) }
                    + [.init(id: "square", mask: ExampleDrawing.squareDrawnLarger())],
                  target: "square", triggers: true),
      RuleExample("a small square at the family's stroke, smaller than the family both ways (a maximize glyph): drawn small on purpose",
                  icons: ExampleFamily.icons() + [.init(id: "maximize", mask: ExampleDrawing.smallSquare())],
                  target: "maximize", triggers: false),
      RuleExample("the same square scaled with its stroke (drawn at 0.55× the family's scale)",
                  icons: ExampleFamily.icons() + [.init(id: "scaled", mask: ExampleFamily.glyph(1, stroke: 2, size: 0.55))],
                  target: "scaled", triggers: true),
      RuleExample("scan brackets at the family's stroke reaching the canvas corners: larger by size alone, a warning, not an error",
                  icons: ExampleFamily.icons() + [.init(id: "scan", mask: ExampleDrawing.scanBrackets())],
                  target: "scan", triggers: true),
      RuleExample("a fishing hook whose eye, a tiny ring, encloses under 2% of its hull: an open line glyph, small by its shape, not told to grow",
                  icons: ExampleFamily.icons() + [.init(id: "hook", mask: ExampleDrawing.fishingHook())],
                  target: "hook", triggers: false),
      RuleExample("a window frame at the family's 2 pt with a solid title bar and a solid cog: its median width reads 1.27× through its solids, but a third of its skeleton is at 2 pt; not drawn at another scale",
                  icons: ExampleFamily.icons() + [.init(id: "window", mask: ExampleDrawing.windowWithCog())],
                  target: "window", triggers: false),
      RuleExample("a bar and three dots at 1.5 pt among 2 pt lines: none of its skeleton at 2 pt, drawn at another scale",
                  icons: ExampleFamily.icons() + [.init(id: "signal", mask: ExampleDrawing.barAndDots(stroke: 1.5))],
                  target: "signal", triggers: true),
      RuleExample("a rectangle drawn larger and heavier (size 1.18×, a 3 pt stroke among 2 pt ones that spread by ±6%) reaching beyond the family's room by more than its stroke adds: drawn larger, though size and stroke are too far apart for one factor",
                  icons: [1.91, 2.0, 2.0, 2.0, 2.09, 2.125, 1.875, 1.875].enumerated().map { i, w in
                    .init(id: "g\(i)", mask: ExampleFamily.glyph(i, scale: 4, stroke: w / 0.85, size: 0.85))
                  } + [.init(id: "larger", mask: ExampleFamily.glyph(2, scale: 4, stroke: 3 / 0.96, size: 0.96))],
                  target: "larger", triggers: true),
      RuleExample("a glyph at the family size", icons: ExampleFamily.icons(), target: "g5", triggers: false),
      RuleExample("a chevron drawn small on purpose (open stroke, family stroke)",
                  icons: ExampleFamily.icons() + [.init(id: "chevron", mask: {
                    var d = ExampleDrawing()
                    d.polyline([(9, 6), (15, 12), (9, 18)], width: 2)
                    return d.mask
                  }())], target: "chevron", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    var findings: [Finding] = []
    for icon in context.icons {
      guard let e = context.family.evaluation(for: icon.id), let group = context.family.group(e.group),
        Double(group.members.count) >= t(.minimumFamily)
      else { continue }
      let r = e.size.ratio, z = e.size.z
      let median = group.effectiveSizePt.median
      if !hasHalo(icon.metrics),
        let k = scaleEvidence(
          e, family: context.family, z: t(.scaleStrokeZ), minimumRatio: t(.scaleStrokeRatio),
          clearZ: t(.scaleStrokeClearZ), clearRatio: 1 / t(.errorRatio))
      {
        let grade: Severity = abs(log(k)) >= abs(log(t(.errorRatio))) ? .error : .warning
        let factor = 1 / k
        findings.append(context.finding(
          icon,
          "drawn at \(fmt(k))× the family's scale: its stroke is \(fmt(e.stroke.value)) pt against the family's \(fmt(group.strokeWeightPt.median)) pt, and its size \(fmt(e.size.value, 1)) pt against \(fmt(median, 1)) pt",
          measured: k, expected: "1× the family's scale (stroke \(fmt(group.strokeWeightPt.median)) pt)",
          fix: "scale the whole glyph \(fmt(factor))× (\(factor > 1 ? "larger" : "smaller")), stroke included"
            + (canvasRoom(icon, factor: factor).map { "; " + $0 } ?? ""),
          transform: FixTransform(scale: factor), severity: graded(grade, cap: context.severity)))
        continue
      }
      // Judged on the ratio only against a median of enough closed glyphs.
      guard group.sizeJudged else { continue }
      var grade: Severity?
      var heavier: Double?
      // No further than the canvas it may have allows either (see `canvasHeadroom`).
      let room = min(e.headroom, canvasHeadroom(icon))
      if r < 1 {
        // Too small only when it is a closed glyph that could grow by the missing size and, on
        // its size alone, is held to the family's span (its shape, not its scale, makes it look
        // smaller: the HIG's voicemail beside a star). One smaller in both directions at the
        // family's stroke was drawn small on purpose or scaled: size alone cannot tell.
        // And only when growing it as far as the span allows brings it into the family (r ×
        // headroom at least the grade's ratio): one that would still look smaller is small by
        // its shape (a thin arrow with a ring at its tail, 2.5:1), not by its scale.
        // An open line glyph (enclosing under 2% of its hull: a fishing hook's eye) is small by its
        // shape.
        guard e.isSizeReference, !e.isOpenStroke, e.extent.value >= t(.heldToSpan) * group.spanPt else { continue }
        if z < -t(.errorZ) && r < t(.errorRatio) && room >= 1 / t(.errorRatio) && r * room >= t(.errorRatio) {
          grade = .error
        } else if z < -t(.warningZ) && r < t(.warningRatio) && room >= 1 / t(.warningRatio) && r * room >= t(.warningRatio) {
          grade = .warning
        }
      } else {
        // Too large only when it also reaches beyond what the family's glyphs span; on its size
        // alone a warning at most (scan brackets, a battery: drawn large on purpose).
        guard e.reach >= t(.beyondSpan) else { continue }
        if let k = drawnLarger(e, icon.metrics, minimumRatio: t(.scaleStrokeRatio), strokeZ: t(.largerStrokeZ), beyondSpan: t(.beyondSpan)) {
          // Larger and heavier, beyond the family's room: two measurements of one scale.
          heavier = k
          grade = k >= 1 / t(.errorRatio) ? .error : .warning
        } else if z > t(.warningZ) && r > 1 / t(.warningRatio) {
          grade = .warning
        }
      }
      guard let grade else { continue }
      // The factor that matches the family, no further than the family's span allows.
      let factor = r < 1 ? min(1 / r, room) : max(1 / r, 1 / e.reach)
      let capped = r < 1 ? room < 1 / r : 1 / e.reach > 1 / r
      let others = group.sizeReferenceCount - (e.isSizeReference ? 1 : 0)
      findings.append(context.finding(
        icon,
        "looks \(r < 1 ? "smaller" : "larger") than the family: size \(fmt(e.size.value, 1)) pt is \(fmt(r))× the median \(fmt(median, 1)) pt of \(others) other closed \(e.group.rawValue) glyphs (M = \(fmt(z, 1)))"
          + (r < 1 ? "" : ", and it spans \(fmt(e.reach))× the room the family's larger glyphs take")
          + (heavier.map { k in ", with a stroke \(fmt(e.stroke.ratio))× the family's \(fmt(group.strokeWeightPt.median)) pt (M = \(fmt(e.stroke.z, 1))): drawn larger, at about \(fmt(k))× the family's scale" } ?? ""),
        measured: r, expected: "\(fmt(t(.errorRatio)))–\(fmt(1 / t(.errorRatio)))× the family median",
        fix: "draw it \(fmt(factor))× \(factor > 1 ? "larger" : "smaller")"
          + (capped ? (r < 1 ? " (as large as the family's span allows)" : " (to the family's span)") : " to match the family")
          + (heavier == nil ? "" : ", stroke included")
          + (canvasRoom(icon, factor: factor).map { "; " + $0 } ?? ""),
        transform: FixTransform(scale: factor), severity: graded(grade, cap: context.severity)))
    }
    return findings
  }
}

/// Whether a glyph larger than its family, beyond the room its larger glyphs take, was drawn
/// larger, and at what scale: its lines are heavier too.
///
/// A closed outline glyph (``IconEvaluation/isSizeReference``, not an open stroke, no halo) whose
/// size ratio r and both stroke estimates are at least `minimumRatio` (1.1) above the family's, the
/// profile one at |M| ≥ `strokeZ` (2), and that is not drawn at the group's stroke
/// (``drawsAtGroupStroke``), reaching `beyondSpan` × (1 + (s − 1) ÷ 9) of the room the family's
/// larger glyphs take (a stroke s× heavier grows the extent of a glyph ~9 strokes across by
/// (s − 1)/9 of it: the extent must pass what the stroke alone adds, so a heavier stroke at the
/// family's size is `stroke_weight_outlier`'s alone). Size and stroke are two measurements of one
/// scale, each short of its own bar in a family that spreads (a Papirus server drawn 1.2× large read
/// size 1.31× at M = 2.4 and stroke 1.11× at M = 2.3; a Breeze folder with a note 1.11× and 1.40×);
/// the scale read is their geometric mean √(r · s). Glyphs drawn large on purpose (a battery, scan
/// brackets, a wide card) draw their lines at the family's stroke (s ≈ 1.00) and are not read so.
/// O(1).
func drawnLarger(_ e: IconEvaluation, _ m: IconMeasurements, minimumRatio: Double, strokeZ: Double, beyondSpan: Double) -> Double? {
  let r = e.size.ratio, s = e.stroke.ratio
  guard e.group == .outline, e.style == .outline, e.isSizeReference, !e.isOpenStroke, !hasHalo(m),
    !drawsAtGroupStroke(e), r >= minimumRatio, s >= minimumRatio, e.stroke.z >= strokeZ,
    e.strokeContour.ratio >= minimumRatio, e.reach >= beyondSpan * (1 + (s - 1) / 9)
  else { return nil }
  return (r * s).squareRoot()
}

/// How far the glyph can scale before its extent passes the canvas it may have: min(canvas width
/// ÷ width, canvas height ÷ height), in points. The canvas is the largest its role allows (a tab
/// bar icon up to 48×32 pt, a toolbar one 28×28 pt: a wider glyph widens its canvas, as
/// ``canvasRoom(_:factor:)`` tells), and its own canvas when the role is unknown; the model has no
/// padding of its own. Infinite when the canvas or the extent is unknown. O(1).
func canvasHeadroom(_ icon: AuditIcon) -> Double {
  let w = icon.metrics.extentPt.width, h = icon.metrics.extentPt.height
  guard w > 0, h > 0 else { return .infinity }
  if let limit = icon.role.canvas { return min(limit.maximumWidth / w, limit.maximumHeight / h) }
  guard icon.scale > 0, icon.widthPx > 0, icon.heightPx > 0 else { return .infinity }
  return min(Double(icon.widthPx) / icon.scale / w, Double(icon.heightPx) / icon.scale / h)
}

/// What drawing a glyph `factor`× larger does to its canvas: nil while it still fits, else how
/// large it becomes and what room that needs (a wider canvas, within what its role allows, or a
/// glyph that reads larger without growing when even the largest canvas is too small).
func canvasRoom(_ icon: AuditIcon, factor: Double) -> String? {
  guard factor > 1, icon.scale > 0, icon.widthPx > 0, icon.heightPx > 0 else { return nil }
  let extent = icon.metrics.extentPt
  let w = extent.width * factor, h = extent.height * factor
  let canvasW = Double(icon.widthPx) / icon.scale, canvasH = Double(icon.heightPx) / icon.scale
  // A tenth of a point of slack: the extent is sub-pixel.
  guard w > canvasW + 0.1 || h > canvasH + 0.1 else { return nil }
  let note = "drawn that large it is \(fmt(w, 1))×\(fmt(h, 1)) pt, more than its \(fmt(canvasW, 0))×\(fmt(canvasH, 0)) pt canvas"
  let needW = max(canvasW, w.rounded(.up)), needH = max(canvasH, h.rounded(.up))
  guard let limit = icon.role.canvas else {
    return note + ": enlarge the canvas to \(fmt(needW, 0))×\(fmt(needH, 0)) pt"
  }
  let name = CanvasSizeRule.roleName(icon.role)
  if w > limit.maximumWidth + 0.1 || h > limit.maximumHeight + 0.1 {
    return note + " and than \(withArticle(name)) icon may have (\(fmt(limit.maximumWidth, 0))×\(fmt(limit.maximumHeight, 0)) pt): "
      + "make it read larger without growing (a more compact drawing)"
  }
  return note + ": widen the canvas to \(fmt(needW, 0))×\(fmt(needH, 0)) pt (\(withArticle(name)) icon may have up to "
    + "\(fmt(limit.maximumWidth, 0))×\(fmt(limit.maximumHeight, 0)) pt)"
}

public struct StrokeWeightOutlierRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case z, errorZ, errorRatio, minimumFamily, scaleStrokeZ, scaleStrokeClearZ, scaleStrokeRatio, scaleErrorRatio, maximumDisagreement, lineSpread, linePartial
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .lineSpread: (1.2, "q90 ÷ q10 of the local widths at or below which the stroke is a line of one width (not a solid part)")
      case .linePartial: (1.5, "partial pixels per px of contour above which the ink is translucent and its stroke not measured as a line")
      case .maximumDisagreement: (1.45, "profile ÷ contour estimate (or its inverse) above which the stroke is not one weight: a warning at most")
      case .z: (2.5, "|M| both estimators must exceed")
      case .errorZ: (3.5, "|M| of the profile estimate above which it is an error (with errorRatio)")
      case .errorRatio: (1.2, "stroke ÷ median (or its inverse) above which it is an error")
      case .minimumFamily: (4, "smallest outline group that is compared, and fewest outline icons (whose strokes set its statistics) it must hold")
      case .scaleStrokeZ: (3.5, "as perceived_size_outlier: a scaled glyph is reported there")
      case .scaleStrokeClearZ: (2.5, "as perceived_size_outlier")
      case .scaleStrokeRatio: (1.1, "as perceived_size_outlier")
      case .scaleErrorRatio: (0.85, "as perceived_size_outlier's errorRatio: the stroke ratio beyond which scaleStrokeClearZ is enough")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "stroke_weight_outlier", name: "Stroke Weight Outlier", scope: .family,
    rationale: """
      Icons of one family share a stroke weight (HIG: keep a consistent stroke weight and visual \
      weight across custom icons). Stroke weight is measured twice, by integrating coverage across \
      the stroke at skeleton points (median) and as 2 × ink ÷ contour length; an icon is flagged \
      when both estimates are off the outline group's median in the same direction. Only outline \
      icons are judged: a filled or unsure icon's "stroke" is its body (IconStyle), and selected \
      states (drawn heavier on purpose) are not members of the family. Where the two estimates \
      disagree by more than 1.45× the glyph is not drawn in one stroke weight (a partly filled \
      glyph: a solid handset, a filled screen in a line frame, whose body inflates the contour \
      estimate; or dots and stubs, which inflate the profile one) and the finding is a warning at \
      most: its "stroke" is not a stroke weight a designer would change. Calibration: the injected \
      heavier strokes (×1.33, ×1.5 of Lucide, Phosphor, Tabler) that are found have estimates within \
      0.71–1.11 of each other; the untouched symbolic and MDI glyphs flagged on a disagreement of \
      1.49–1.96× (3.1 pt against a 4.64 pt contour estimate) are partly filled. In a family that \
      draws with solids (its line drawings have solid parts, it is split into two styles, or it \
      draws filled glyphs as a style: see style_mismatch) a heavier stroke is a warning at most, since it may be a solid part read as \
      a stroke: Yaru's and Breeze's solid handsets and play triangles measure 1.75–2× their 1.1 \
      pt lines, and were 12 of the untouched errors. A group is compared only when it holds at \
      least minimumFamily (4) outline icons, whose strokes make its statistics: a 2 pt clock beside \
      a single other line drawing among three solids and an unsure glyph was "1.98× the family's \
      1.05 pt", one icon's stroke. In a group of at most 10 icons both estimates \
      are compared with the median and MAD of the other icons (leave-one-out): an icon's own \
      deviation is one of the few that set the MAD, and a heavier stroke widened the yardstick it \
      was measured with. Tabler families of 5 and 8 icons with one stroke drawn at 1.33× (1.83 → \
      2.44 pt on a 22 pt toolbar) had a contour-estimate MAD of 0.093–0.095 with it and 0.050–0.053 \
      without it; the contour estimate read 1.20–1.35×, |M| 1.3–2.1 against the whole group (under \
      z) and 2.6–4.6 against the others. Calibration (scripts/calibrate, default mode): injected \
      ×1.33 strokes found 25 → 28 of 30, ×1.5 28 → 29 of 30, no stroke error added on an untouched \
      icon. \
      Unless it is a line of one width: its local \
      widths along the skeleton agree (strokeWidthSpread, q90 ÷ q10, at most 1.2: the 95th \
      percentile of the 591 untouched Lucide, Phosphor and Tabler outline drawings, median 1.02; \
      the solid handsets measure 2.0–3.6) and its ink is opaque (at most 1.5 partial pixels per \
      px of contour: 99.9% of the untouched icons are below 1.45, a translucent spinner measures \
      1.96). Such a heavier line in a family that draws with solids, not split into two styles, \
      is a heavier stroke, not a solid part: judged on the profile alone (the family's contour \
      estimates spread with its solid parts, so a 2 pt Lucide glyph among Yaru's 1.1 pt lines had \
      a contour M of 0.7–1.7) and an error like any other. Calibration (`scripts/calibrate`, \
      default mode): the injected foreign icons of Breeze and Yaru found 8 → 17 of 20; no \
      untouched icon's findings changed. \
      A glyph that may be a solid body, unsure by its own style cues, enclosing nothing (no \
      hole) and filling more of its hull than lines do (ink ÷ hull above 0.61, the middle of the \
      density cue's undecided band 0.50–0.72), has a heavier "stroke" that may be its body's \
      width, in any family: a warning at most. Open line glyphs drawn heavier leave their hull \
      emptier and stay errors (Element's 3.2 pt back chevron 0.56, Habitica's 3 pt menu bars \
      0.45, both right by eye). Adwaita's solid handsets (held out: call-stop, call-incoming, 1.46–1.5× the family's \
      2.2–2.5 pt lines, read as outline by their family since under 1.6×) were errors; untouched \
      Adwaita errors 18 → 15 of 645 (full mode), Bootstrap's bolder `!` an error no longer. The \
      heavier line drawings `scripts/calibrate` injects that are unsure by their own cues (heavy \
      Tabler and Lucide glyphs whose small openings close up: 5 of the 58 stroke errors found) all \
      keep holes: no figure of the seven sources changes. \
      When the two estimates disagree, the one that measures this glyph decides. The contour \
      estimate is the stroke only for long strokes without solid parts: a dot of diameter w reads \
      w ÷ 2 and caps add contour without ink (it reads lower), solid parts add ink without contour \
      (higher). So a family's contour estimates spread with its drawings (MDI: a MAD of 0.05–0.08 \
      of a log, the profile's 0.03–0.04), and a glyph's own bias moves with neither a stroke change \
      nor a scale. In a family without solid parts, two disagreements are read from the profile of \
      a line of one width: its contour estimate follows the profile (the same way, at least half \
      its log ratio) but stays inside that spread, a warning (one estimate's M); or the profile is \
      heavier and the contour estimate is lowered by dots and stubs (profile ÷ contour at least \
      1.2: untouched lines of one width read 0.98–1.01 at the median, 1.08–1.36 at the 99th \
      percentile, Tabler's dotted glyphs the tail), the profile decides at the usual bars. Of the \
      glyphs of `scripts/calibrate`'s cases whose profile is off by 1.1× or more at |M| > 2.5 with \
      no stroke, size or style finding (`scripts/silent_stroke_study.py`, \
      `Reports/calibration/silent-strokes.md`: 176, of which 10 injected, 36 untouched and 130 other icons of the injected families, plus 2 in real apps), \
      this finds Tabler's border-style at 1.33× (an error: stroke ×1.33 recall 28 → 29 of 30), \
      MDI's bookmark-plus and account-alert scaled by 1.2 and two MDI glyphs drawn lighter than \
      their family (a star, a graph; warnings, each visibly off by eye), and Element's 2.5 pt \
      search ring among 2 pt lines (a warning, debatable); no other finding among the 11,452 \
      calibration icons and the 10,000-icon corpus changed. The 36 untouched glyphs are right to \
      be silent by eye (solid handsets, arrows and fans read as strokes, dots, spinners). Left \
      silent: a lighter outline with a solid part in a family that draws with solids (Breeze's \
      charging battery scaled by 0.8, profile 0.80×, contour 1.28×) reads as Papirus's untouched \
      speakers do (arcs 0.74× beside a solid cone), and a Phosphor figure with a solid head among \
      Tabler's lines (profile 0.75×, contour 0.92×). The profile estimate is a median: for a glyph whose \
      widths form groups it is the middle one's, or a width between them it does not draw. An \
      icon that draws a quarter or more of its skeleton within 1.1× of its family's stroke \
      draws its lines at the family's weight, and its median is moved by solid parts, dots or \
      joins: not judged (nor read as a scale). MDI's window with a solid title bar and cog \
      (frame at the family's 2.08 pt, median 2.54 pt, 44% of its widths at 2.08), Papirus's \
      checkerboard of 2 px squares (median 0.6× through its diagonal joins, 37% at 2 px) and \
      Tabler's bar with three dots (median 0.83×, 40%) were errors in every calibration run \
      that sampled them, judged wrong by eye; of the 281 injected heavier, lighter, scaled \
      and foreign glyphs found, none draws even 15% at the family's stroke. Calibration \
      (`scripts/calibrate`, seed 1): scale 0.8 precision 0.84 → 0.87, scale 1.2 0.79 → 0.82, \
      foreign 0.88 → 0.89, recall unchanged; untouched warnings on solids in Breeze, Yaru and \
      Papirus 37 → 30. A line drawing with solid parts whose lines \
      are at another weight, in a family without solids, is style_mismatch's (drawn in another \
      style), not this rule's. A glyph drawn at another scale (its stroke and its size off by the \
      same factor, or its detail and extent saying so) is perceived_size_outlier's: one finding, \
      the scale, whose fix also fixes the stroke.
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a partly filled glyph (a solid block in a line frame): its body is not a heavier stroke, no error",
                  icons: ExampleFamily.icons() + [.init(id: "mixed", mask: {
                    var d = ExampleDrawing()
                    d.rectOutline(x: 3, y: 4, width: 18, height: 16, stroke: 2)
                    d.disk(cx: 12, cy: 12, r: 4.5)
                    return d.mask
                  }())], target: "mixed", triggers: false),
      RuleExample("a 3 pt stroke among 2 pt strokes",
                  icons: ExampleFamily.icons() + [.init(id: "heavy", mask: ExampleFamily.glyph(5, stroke: 3))],
                  target: "heavy", triggers: true),
      RuleExample("a 2.66 pt stroke in a family of five whose contour estimates spread (a loader's stubs and a short chevron's caps lower theirs): judged against the other four, not against a spread it widens itself",
                  icons: [
                    .init(id: "g0", mask: ExampleFamily.glyph(0)),
                    .init(id: "g1", mask: ExampleFamily.glyph(1)),
                    .init(id: "loader", mask: ExampleDrawing.loaderStubs()),
                    .init(id: "chevron", mask: {
                      var d = ExampleDrawing()
                      d.polyline([(12, 9), (15, 12), (12, 15)], width: 2)
                      return d.mask
                    }()),
                    .init(id: "heavy", mask: ExampleFamily.glyph(6, stroke: 2.66)),
                  ], target: "heavy", triggers: true),
      RuleExample("a 1.33 pt stroke among 2 pt strokes",
                  icons: ExampleFamily.icons() + [.init(id: "light", mask: ExampleFamily.glyph(4, stroke: 1.33))],
                  target: "light", triggers: true),
      RuleExample("a 3 pt line of one width in a family whose line drawings have solid parts: a heavier stroke, not a solid part (an error)",
                  icons: ExampleFamily.icons() + [
                    .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
                    .init(id: "screen", mask: ExampleDrawing.framedSolidDisk()),
                    .init(id: "heavy", mask: ExampleFamily.glyph(5, stroke: 3)),
                  ], target: "heavy", triggers: true),
      RuleExample("a solid crescent (its width from nothing to 4 pt) in a family whose line drawings have solid parts: it may be a solid part, a warning at most",
                  icons: ExampleFamily.icons() + [
                    .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
                    .init(id: "screen", mask: ExampleDrawing.framedSolidDisk()),
                    .init(id: "crescent", mask: ExampleDrawing.solidCrescent()),
                  ], target: "crescent", triggers: true),
      RuleExample("a solid handset (no opening, neither filled nor outline by its own cues) whose body is 1.5× the family's 2 pt lines: the width may be a body's, not a stroke's, a warning at most (Adwaita's call-stop)",
                  icons: ExampleFamily.icons(count: 12) + [.init(id: "handset", mask: ExampleDrawing.solidHandset())],
                  target: "handset", triggers: true),
      RuleExample("a border corner at 2.66 pt with its other edges dotted, among 2 pt strokes: its dots lower the contour estimate (a dot reads half its diameter), so the profile, a line of one width, decides: a heavier stroke, an error",
                  icons: ExampleFamily.icons() + [.init(id: "border", mask: ExampleDrawing.dottedCorner(stroke: 2.66))],
                  target: "border", triggers: true),
      RuleExample("the dotted border corner at the family's 2 pt: its low contour estimate is its dots, no finding",
                  icons: ExampleFamily.icons() + [.init(id: "border", mask: ExampleDrawing.dottedCorner(stroke: 2))],
                  target: "border", triggers: false),
      RuleExample("a 2.5 pt plus among 2 pt lines whose contour estimates spread with their dashes' caps: the contour estimate follows (1.34×, M = 2.2, within that spread), a warning",
                  icons: ExampleDrawing.dashedFamily() + [.init(id: "plus2", mask: ExampleDrawing.plusSign(stroke: 2.5))],
                  target: "plus2", triggers: true),
      RuleExample("the family's own stroke", icons: ExampleFamily.icons(), target: "g3", triggers: false),
      RuleExample("a window frame at the family's 2 pt with a solid title bar and a solid cog: its median width reads 1.27× (the solids), but a third of its skeleton is at 2 pt, no finding",
                  icons: ExampleFamily.icons() + [.init(id: "window", mask: ExampleDrawing.windowWithCog())],
                  target: "window", triggers: false),
      RuleExample("the window's frame drawn at 2.5 pt: its lines are at another weight (none of its skeleton at 2 pt)",
                  icons: ExampleFamily.icons() + [.init(id: "window", mask: ExampleDrawing.windowWithCog(frame: 2.5, cogRadius: 4.5))],
                  target: "window", triggers: true),
      RuleExample("a checkerboard of solid 2 pt squares among 2 pt lines: its diagonal joins read 0.5–1 pt and its median 0.68×, but 43% of its widths are the squares' 2 pt, no finding",
                  icons: ExampleFamily.icons() + [.init(id: "checker", mask: ExampleDrawing.checkerboard())],
                  target: "checker", triggers: false),
      RuleExample("a bar and three dots at the family's 1.5 pt: the dots read thinner (median 0.76×), the bar is at 1.5 pt, no finding",
                  icons: (0..<8).map { .init(id: "g\($0)", mask: ExampleFamily.glyph($0, stroke: 1.5)) }
                    + [.init(id: "signal", mask: ExampleDrawing.barAndDots(stroke: 1.5))],
                  target: "signal", triggers: false),
      RuleExample("a square drawn at 1.22× with its stroke among rings is perceived_size_outlier's case (stroke and size off by the same factor)",
                  icons: (0..<8).map { .init(id: "ring\($0)", mask: ExampleDrawing.ring18()) }
                    + [.init(id: "square", mask: ExampleDrawing.squareDrawnLarger())],
                  target: "square", triggers: false),
      RuleExample("a 2 pt ring beside one 1 pt line drawing, among two solids and an unsure glyph: one other stroke is no family weight, no finding",
                  icons: [
                    .init(id: "ring", mask: ExampleFamily.glyph(0)),
                    .init(id: "thin", mask: ExampleFamily.glyph(1, stroke: 1)),
                    .init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                    .init(id: "star", mask: ExampleDrawing.solidStar()),
                    .init(id: "dots", mask: { var d = ExampleDrawing(); for x in [5.0, 12, 19] { d.disk(cx: x, cy: 12, r: 2) }; return d.mask }()),
                  ], target: "ring", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    var findings: [Finding] = []
    // The icons whose strokes set the outline group's statistics: its outline icons (a filled,
    // unsure or minority icon is scored against them but is no stroke). With fewer than
    // minimumFamily of them the "family's stroke" is one or two icons' (a clock beside one line
    // drawing among three solids), no evidence of a family weight.
    let strokeBasis = context.family.icons.filter { $0.group == .outline && $0.style == .outline }.count
    for icon in context.icons {
      guard let e = context.family.evaluation(for: icon.id), e.group == .outline, e.style == .outline,
        let group = context.family.group(.outline), Double(group.members.count) >= t(.minimumFamily),
        Double(strokeBasis) >= t(.minimumFamily), e.stroke.value > 0
      else { continue }
      if hasHalo(icon.metrics) { continue }  // drop_shadow reports it; the halo inflates the stroke
      // Its lines are at the family's weight: the median is moved by its solid parts, dots or joins.
      if drawsAtGroupStroke(e) { continue }
      if scaleEvidence(
        e, family: context.family, z: t(.scaleStrokeZ), minimumRatio: t(.scaleStrokeRatio),
        clearZ: t(.scaleStrokeClearZ), clearRatio: 1 / t(.scaleErrorRatio)) != nil
      { continue }
      // Judged against the group's other icons in a small group (`IconEvaluation.strokeAmongOthers`):
      // in a family of 5–8 icons the outlier's own deviation would inflate the MAD it is measured with.
      let profile = e.strokeAmongOthers, contour = e.strokeContourAmongOthers
      let k = profile.ratio
      // Two estimates that disagree this much do not measure one stroke weight (a partly filled glyph).
      let oneWeight = e.strokeContour.value > 0 && abs(log(e.stroke.value / e.strokeContour.value)) <= log(t(.maximumDisagreement))
      // A line of one width in a family that draws with solids (not split in two styles): its
      // profile is its stroke, and a heavier one is not a solid part. The family's contour
      // estimates are inflated by its solid parts, which hides a heavier line's contour in their
      // spread, so the profile decides alone.
      let family = context.family
      let heavierLine = k > 1 && family.drawsSolidParts && !family.styleSplit && oneWeight
        && isUniformLine(icon.metrics, maximumSpread: t(.lineSpread), maximumPartial: t(.linePartial))
      let confirmed = abs(contour.z) > t(.z) && (profile.z > 0) == (contour.z > 0)
      // The contour estimate moved with the profile but its M falls short: the family's contour
      // estimates spread with their drawings (caps, joins, solid parts), a yardstick too wide to
      // confirm. A line of one width whose contour estimate follows is a stroke finding, a warning.
      let follows = !confirmed && contourFollows(e, icon.metrics, family: family, maximumSpread: t(.lineSpread),
                                                 maximumPartial: t(.linePartial))
      let dotted = !confirmed && contourLoweredByCaps(e, icon.metrics, family: family, maximumSpread: t(.lineSpread),
                                                       maximumPartial: t(.linePartial))
      guard abs(profile.z) > t(.z), heavierLine || confirmed || follows || dotted else { continue }
      // A partly filled glyph at another weight in a family without solids is style_mismatch's.
      let style = StyleMismatchRule.Threshold.self
      if isPartlyFilledAtAnotherWeight(e, icon.metrics, family: family, z: style.partlyFilledZ.defaultValue,
                                       minimumRatio: style.partlyFilledRatio.defaultValue) { continue }
      // In a family whose line drawings have solid parts, a heavier "stroke" may be a solid part (a
      // handset, a play triangle drawn solid): weaker evidence, unless it is a line of one width;
      // so is a glyph that may be a solid body (unsure by its own cues, nothing enclosed: a solid
      // handset), in any family: its heavier "stroke" may be its body's width.
      let solidPart = (k > 1 && mayBeSolidBody(icon.metrics)) || (k > 1 && family.drawsSolidParts && !heavierLine)
      let grade: Severity = oneWeight && !solidPart && (confirmed || heavierLine || dotted) && abs(profile.z) > t(.errorZ) && abs(log(k)) >= log(t(.errorRatio)) ? .error : .warning
      let target = k > 0 ? profile.value / k : group.strokeWeightPt.median
      let others = group.members.count - 1
      findings.append(context.finding(
        icon,
        "stroke \(fmt(e.stroke.value)) pt (contour estimate \(fmt(e.strokeContour.value)) pt) is \(fmt(k))× the \(fmt(target)) pt of the other \(others) outline icons (M = \(fmt(profile.z, 1)))",
        measured: e.stroke.value, expected: "\(fmt(target)) pt",
        fix: "use \(withArticle(fmt(target))) pt stroke like the other \(others) icons",
        severity: graded(grade, cap: context.severity)))
    }
    return findings
  }
}

public struct DetailDensityOutlierRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case z, minimumRatio, minimumFamily
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .z: (3.5, "|M| above which detail is flagged")
      case .minimumRatio: (0.6, "the inverse of the detail ÷ median above which it is flagged")
      case .minimumFamily: (4, "smallest style group that is compared")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "detail_density_outlier", name: "Detail Density Outlier", scope: .family,
    rationale: """
      Icons of one family share a level of detail (HIG: use the same level of detail across \
      icons; too much detail looks sloppy). Detail density C = P² ÷ ink (P: contour length) is \
      about 4 × line length ÷ stroke for a stroke drawing, so a heavier stroke alone lowers it; \
      the rule compares the amount of line for the glyph's size, C × stroke ÷ size (unchanged by \
      a heavier stroke or by scaling the whole glyph), with the style group's, and flags more \
      detail beyond |M| > 3.5 and beyond 1.67× the median. Less detail is not a fault: a chevron, \
      a plus or a bolt is plain by nature, and a family's plain glyphs are what keeps it readable. \
      Icons of the minority style or whose style is unsure are left to style_mismatch, those \
      with a halo to drop_shadow.
      """,
    defaultSeverity: .warning,
    examples: [
      RuleExample("a hatched glyph among plain ones",
                  icons: ExampleFamily.icons() + [.init(id: "busy", mask: {
                    var d = ExampleDrawing()
                    d.rectOutline(x: 3, y: 3, width: 18, height: 18, stroke: 1)
                    for i in stride(from: 5.0, through: 19.0, by: 2) { d.line(x0: i, y0: 5, x1: i, y1: 19, width: 0.75) }
                    for i in stride(from: 5.0, through: 19.0, by: 3.5) { d.line(x0: 5, y0: i, x1: 19, y1: i, width: 0.75) }
                    return d.mask
                  }())], target: "busy", triggers: true),
      RuleExample("a plain glyph", icons: ExampleFamily.icons(), target: "g2", triggers: false),
      RuleExample("a chevron among closed glyphs: plain by nature, not a fault",
                  icons: ExampleFamily.icons() + [.init(id: "chevron", mask: {
                    var d = ExampleDrawing()
                    d.polyline([(9, 5), (16, 12), (9, 19)], width: 2)
                    return d.mask
                  }())], target: "chevron", triggers: false),
      RuleExample("a heavier stroke is not more detail (stroke_weight_outlier's case)",
                  icons: ExampleFamily.icons() + [.init(id: "heavy", mask: ExampleFamily.glyph(5, stroke: 3))],
                  target: "heavy", triggers: false),
      RuleExample("a glyph drawn at 80% is not less detail (perceived_size_outlier's case)",
                  icons: ExampleFamily.icons() + [.init(id: "small", mask: ExampleFamily.glyph(5, size: 0.8))],
                  target: "small", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    let t = context.threshold
    var findings: [Finding] = []
    for icon in context.icons {
      guard let e = context.family.evaluation(for: icon.id), e.style == e.group, !hasHalo(icon.metrics),
        let group = context.family.group(e.group), Double(group.members.count) >= t(.minimumFamily)
      else { continue }
      // The amount of line for the glyph's size: C × stroke ÷ size ≈ 4 × line length ÷ size, as a
      // ratio to the family's. Unchanged by scaling the whole glyph and by a heavier stroke.
      let strokeRatio = e.group == .outline && e.stroke.value > 0 ? e.stroke.ratio : 1
      let ratio = e.detail.ratio * strokeRatio / e.size.ratio
      let z = 0.6745 * log(ratio) / max(group.detailDensity.madLog, 0.03)  // the default MAD floor (Sources/FamilyAnalysis/Documentation.docc/FamilyModel.md, The detail model)
      guard z > t(.z), ratio > 1 / t(.minimumRatio) else { continue }
      let median = group.detailDensity.median
      findings.append(context.finding(
        icon,
        "more detail than the family: detail density \(fmt(e.detail.value, 0)) against the family's \(fmt(median, 0)); for its stroke, \(fmt(ratio))× the family's amount of line (M = \(fmt(z, 1)))",
        measured: ratio, expected: "≤ \(fmt(1 / t(.minimumRatio)))× the family's amount of line",
        fix: "simplify the drawing: fewer, larger features"))
    }
    return findings
  }
}

public struct StyleMismatchRule: Rule {
  public init() {}
  public enum Threshold: String, RuleThreshold {
    case minimumMajority, partlyFilledZ, partlyFilledRatio
    public var declaration: (defaultValue: Double, help: String) {
      switch self {
      case .minimumMajority: (3, "smallest majority group that makes a style the family's")
      case .partlyFilledZ: (3.5, "|M| of the lines of a partly filled glyph (in a family without solids) that marks another weight")
      case .partlyFilledRatio: (1.2, "stroke ÷ median (or its inverse) of the lines of a partly filled glyph that marks another weight")
      }
    }
  }

  public static let description = RuleDescription(
    identifier: "style_mismatch", name: "Style Mismatch", scope: .family,
    rationale: """
      All icons of a family share one style (HIG: consistent visual weight; tab bar items use \
      outline glyphs unselected and filled ones selected). Style is decided from five cues with \
      margins (IconStyle): density (ink ÷ hull), the stroke's share of the glyph and of the \
      canvas (a filled shape's "stroke" is its body), profile ÷ contour stroke (a filled shape \
      with knocked-out detail), and, for a drawing with one hole, the hole's share of its filled \
      silhouette (an outline vote at ≥ 0.25); each votes filled, outline or nothing, and an icon is \
      filled at 2 votes, outline at −1, else unsure. A ring (one band round one opening of ≥ 0.25 \
      of its silhouette, its skeleton one loop) is an outline however heavy, and a frame round an \
      opening of ≥ 1/3 is not read as a knocked-out body: of 359 injected filled drawings none \
      encloses 0.30 and none is a ring; AltStore's 3.45 pt ring (0.30, two share votes) was filled \
      and made the 2.3 pt square beside it "an outline icon among filled ones" (wrong), Font \
      Awesome's window-maximize, a 2 pt frame with a solid title bar (0.38), an error among \
      outlines (wrong): neither now. Thresholds sit at the outline families' 99.5th \
      percentiles (scripts/style_study.py, 300 drawings per style of Lucide, Phosphor, Tabler and \
      MDI at 25 pt, @2x and @3x): density 0.72 (outline drawings reach 0.71), stroke ÷ extent 0.17 \
      (0.167), stroke ÷ canvas 0.15 (0.124), profile ÷ contour 0.75 (outline minimum 0.80). No \
      outline drawing of those families is called filled, 75–91% of filled drawings are. A deeply knocked-out fill (profile ÷ \
      contour ≤ 0.6: its skeleton runs along thin bands between cut-outs) has its two share cues \
      read from the contour estimate, its body's width: injected filled icons found went from \
      19 to 28 of 30, and from 71 to 86 of 90 when three are among thirty. In a family with ≥ 3 clear outline icons, an \
      unsure icon whose stroke is ≥ 1.6× theirs is filled, else outline. Dots (an ellipsis, \
      a tile grid: two or more blobs) are drawn alike in both styles and stay unsure: unsure \
      icons get no style finding. The family is split into two style groups only when both \
      styles are substantial (each ≥ 3 icons and the smaller ≥ 25% of the styled icons: the open \
      families drawn in two styles on purpose mix them at 32–50%, injected outliers are 3–20%); \
      otherwise each icon of the minority style is flagged (three filled among thirty outline \
      ones are three findings). A family that draws filled glyphs as a style gets no style \
      finding for them: its solids (filled icons and line drawings with solid parts, profile ÷ \
      contour below 0.8, which no Lucide, Phosphor, Tabler or MDI outline drawing reaches: a solid \
      charge bar in a battery, a solid padlock body) are at least 3 and 25% of the icons that show \
      a style choice (the filled ones, the outline ones with \
      something enclosed, and those with solid parts: an open line glyph, or a silhouette whose \
      parts are one stroke wide, looks the same in both styles): Papirus symbolic draws four filled \
      glyphs among eight closed outlines and eight arrows, lists and 2 px silhouettes, 20% of its \
      styled icons but a third of those that chose a style (untouched Papirus icons with an error \
      went from 10 to 6 of 216); a Yaru toolbar draws a solid Wi-Fi wedge and a solid warning \
      triangle beside a picture frame with a solid sun, three solids of the eight icons that chose \
      a style (untouched Yaru icons with an error went from 2 to 0 of 241, and the same two false \
      errors left every injected Yaru family). A solid body with knocked-out details (holes, and \
      ink at least 0.72 of its hull) counts among the solids too: Adwaita (held out) draws an old \
      phone with its keys punched out, a SIM card, a drive, whose 1 px cut-outs leave bands that \
      read as lines at the family's stroke, and its solid tiles, drops and signal bars among them \
      were errors (untouched Adwaita icons with an error 25 → 18 of 645, full mode; no family of \
      the seven calibration sources changes). The injected filled icons, 1 in a family or 3 among \
      20–29 closed outlines, are all still found. Solid parts alone (2 line drawings and 10% of \
      them) no longer excuse a filled glyph: they excused Breeze's and Yaru's play, stop and \
      record glyphs and handsets (28 of 235 and 22 of 241 untouched icons had a style error), but \
      every sampled Breeze, Yaru and Papirus family they excused is excused by the share above \
      too, while in Font Awesome (held out) the calendars' solid header bands, 10–17% of its \
      regular line drawings, excused every solid glyph among them: injected filled icons found \
      17 → 27 of 30 and 42 → 65 of 90 when three are among thirty (full mode); no style figure \
      of the seven calibration sources changed. A filled icon among outlines \
      is an error when its own cues say filled or its ink covers at least 0.72 of its hull (solid \
      to the eye) in a glyph with an area to fill, its shorter side at least two of its strokes \
      across: a bar, a `!`, is one stroke wide, and its ink fills its hull because it is thin \
      (Octicons' `!`, held out: a 2.75 pt bar and a dot 3.7 pt across, ink 0.77 of its hull, twice \
      the family's 1.38 pt stroke, was an error in 2 of its 30 full-mode families; now a warning; \
      the calibration's filled intruders unsure by their own cues are 7 strokes across, and no \
      figure of the seven sources changes); one filled only by its family (unsure by its own cues, its body ≥ 1.6× the \
      family's stroke: a flame with a cut-out, a toothed gear with a hole, ink ÷ hull 0.59–0.62 in \
      two real apps' toolbars) is at the margin of both styles and a warning. No injected filled \
      icon found is of that kind. An outline icon among filled ones is a warning, and none when it has no filled form: \
      drawn filled it would cover under 1.6× its ink (ink + enclosed area ÷ ink; the calibration \
      harness's rule for a drawing that has a filled version): a plus, a chevron (nothing \
      enclosed) or a # (the small square between its bars: Element's # tab among a solid star, \
      house and person, 1.21×, was a wrong warning). \
      Partly filled at another weight: a line drawing with solid parts (profile ÷ contour at most \
      0.75, the cue that votes filled) whose lines are off the family's stroke by 1.2× or more \
      (|M| > 3.5), in a family that draws with no solids, is drawn in another style, an icon of \
      another family (Phosphor's fill weight, 1.5 pt lines with a solid bulb, wedge or body, among \
      Tabler's and Lucide's 2 pt lines; Tabler's filled headphones among Phosphor's 1.5 pt). Where \
      its two stroke estimates agree on one weight it is stroke_weight_outlier's instead. An error \
      when it is under 10% of the family's line drawings (10 others at least, the share at which \
      solids are a family's vocabulary), else a warning (among five line drawings one solid glyph \
      may be the family's manner: Loop's solid cog). Calibration: of the 7 injected foreign icons \
      of a fill weight that had no error, 5 are found (the others: a solid arrowhead at 0.7503, a \
      stick figure whose solid head is too small a part), and one more of the filled icons three \
      among thirty; no untouched icon's findings changed (MDI's partly filled outline drawings \
      measure 0.79–0.80).
      """,
    defaultSeverity: .error,
    examples: [
      RuleExample("a filled disk among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "filled", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }())],
                  target: "filled", triggers: true),
      RuleExample("a solid star named for its fill beside its outline star (`star-filled`, a toggle's on state): a selected state, not a filled icon among outline",
                  icons: ExampleFamily.icons() + [.init(id: "star", mask: ExampleDrawing.outlineStar()),
                                                  .init(id: "star-filled", mask: ExampleDrawing.solidStar())],
                  target: "star-filled", triggers: false),
      RuleExample("a solid star (ink ÷ hull ≈ 0.6) among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "star", mask: ExampleDrawing.solidStar())], target: "star", triggers: true),
      RuleExample("a filled badge among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "badge", mask: ExampleDrawing.filledBadge())], target: "badge", triggers: true),
      RuleExample("a solid gear (a toothed disk with a hole) among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "gear", mask: ExampleDrawing.solidGear())], target: "gear", triggers: true),
      RuleExample("three filled icons among twelve outline ones: three findings, not a second group",
                  icons: ExampleFamily.icons(count: 12) + [
                    .init(id: "star", mask: ExampleDrawing.solidStar()),
                    .init(id: "badge", mask: ExampleDrawing.filledBadge()),
                    .init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                  ], target: "badge", triggers: true),
      RuleExample("a filled disk in a family whose line drawings have solid parts (a charge bar, a solid dot in a frame): filled glyphs are its vocabulary",
                  icons: ExampleFamily.icons() + [
                    .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
                    .init(id: "screen", mask: ExampleDrawing.framedSolidDisk()),
                    .init(id: "record", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                  ], target: "record", triggers: false),
      RuleExample("four filled glyphs among eight closed outlines and eight open line glyphs: a third of the icons that show a style choice, the family draws filled glyphs as a style",
                  icons: ExampleFamily.icons() + (0..<8).map { k in
                    .init(id: "open\(k)", mask: {
                      var d = ExampleDrawing()
                      let y = 6 + Double(k)
                      d.polyline([(6, y), (12, y + 6), (18, y)], width: 2)
                      return d.mask
                    }())
                  } + (0..<4).map { k in
                    .init(id: "solid\(k)", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 8 + Double(k) * 0.5); return d.mask }())
                  }, target: "solid0", triggers: false),
      RuleExample("two filled glyphs and a battery with a solid charge bar among six closed outlines (Yaru symbolic's solid Wi-Fi wedge and warning triangle beside a picture frame with a solid sun): three solids of nine icons that chose a style, the family draws with solids",
                  icons: ExampleFamily.icons(count: 6) + [
                    .init(id: "battery", mask: ExampleDrawing.batteryWithCharge()),
                    .init(id: "wedge", mask: { var d = ExampleDrawing(); d.polygon([(2, 6), (22, 6), (12, 21)]); return d.mask }()),
                    .init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                  ], target: "wedge", triggers: false),
      RuleExample("the same two filled glyphs among six closed outlines without the battery: two filled glyphs alone are a slip",
                  icons: ExampleFamily.icons(count: 6) + [
                    .init(id: "wedge", mask: { var d = ExampleDrawing(); d.polygon([(2, 6), (22, 6), (12, 21)]); return d.mask }()),
                    .init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                  ], target: "wedge", triggers: true),
      RuleExample("the same two filled glyphs among six closed outlines and two perforated solid cards (ink ≥ 0.72 of the hull, holes, bands the family's stroke wide, read as outline drawings: solid bodies, as Adwaita's old phone): the family draws solids",
                  icons: ExampleFamily.icons(count: 6) + [
                    .init(id: "card", mask: ExampleDrawing.perforatedCard()),
                    .init(id: "card2", mask: ExampleDrawing.perforatedCard(wide: false)),
                    .init(id: "wedge", mask: { var d = ExampleDrawing(); d.polygon([(2, 6), (22, 6), (12, 21)]); return d.mask }()),
                    .init(id: "disk", mask: { var d = ExampleDrawing(); d.disk(cx: 12, cy: 12, r: 9.5); return d.mask }()),
                  ], target: "wedge", triggers: false),
      RuleExample("a partly filled thermometer (a solid bulb) with 1.5 pt lines among twelve 2 pt line glyphs: drawn in another style",
                  icons: ExampleFamily.icons(count: 12) + [.init(id: "thermometer", mask: ExampleDrawing.partlyFilledThermometer())],
                  target: "thermometer", triggers: true),
      RuleExample("the same thermometer with the family's 2 pt lines: a solid bulb alone is no slip",
                  icons: ExampleFamily.icons(count: 12) + [.init(id: "thermometer", mask: ExampleDrawing.partlyFilledThermometer(stroke: 2))],
                  target: "thermometer", triggers: false),
      RuleExample("an outline ring among filled glyphs: filled, it would cover 4× its ink",
                  icons: ExampleDrawing.filledFamily() + [.init(id: "ring", mask: {
                    var d = ExampleDrawing()
                    d.ring(cx: 12, cy: 12, r: 9, width: 2.5)
                    return d.mask
                  }())], target: "ring", triggers: true),
      RuleExample("a `!` whose bar is twice the family's 1.4 pt stroke: read as filled by its family, but one stroke across, its ink fills its hull because it is thin; a warning at most (Octicons' exclamation)",
                  icons: (0..<12).map { .init(id: "g\($0)", mask: ExampleFamily.glyph($0, stroke: 1.4)) }
                    + [.init(id: "mark", mask: ExampleDrawing.exclamationMark())],
                  target: "mark", triggers: true),
      RuleExample("a # among filled glyphs: it encloses only the small square between its bars (filled, 1.2× its ink), so it has no filled form",
                  icons: ExampleDrawing.filledFamily() + [.init(id: "hash", mask: ExampleDrawing.hash())],
                  target: "hash", triggers: false),
      RuleExample("a 3.4 pt ring among 2 pt rings: a ring encloses its opening, an outline however heavy (AltStore's tab bar)",
                  icons: (0..<4).map { k in
                    .init(id: "ring\(k)", mask: { var d = ExampleDrawing(); d.ring(cx: 12, cy: 12, r: 9 - Double(k) * 0.5, width: 2); return d.mask }())
                  } + [.init(id: "thick", mask: { var d = ExampleDrawing(); d.ring(cx: 12, cy: 12, r: 8.3, width: 3.4); return d.mask }())],
                  target: "thick", triggers: false),
      RuleExample("an outline window with a solid title bar among outline glyphs: the bar lowers its profile stroke, the opening is most of it (Font Awesome's window-maximize)",
                  icons: ExampleFamily.icons() + [.init(id: "window", mask: ExampleDrawing.windowWithTitleBar())],
                  target: "window", triggers: false),
      RuleExample("an outline glyph among outlines", icons: ExampleFamily.icons(), target: "g0", triggers: false),
      RuleExample("the outline star among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "star", mask: ExampleDrawing.outlineStar())], target: "star", triggers: false),
      RuleExample("a line with a ring (a pin) among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "pin", mask: {
                    var d = ExampleDrawing()
                    d.ring(cx: 12, cy: 7, r: 4, width: 2)
                    d.line(x0: 12, y0: 11, x1: 12, y1: 22, width: 2)
                    return d.mask
                  }())], target: "pin", triggers: false),
      RuleExample("an ellipsis (three dots) among outline glyphs",
                  icons: ExampleFamily.icons() + [.init(id: "more", mask: {
                    var d = ExampleDrawing()
                    for x in [5.0, 12, 19] { d.disk(cx: x, cy: 12, r: 2) }
                    return d.mask
                  }())], target: "more", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    guard let majority = context.family.majorityStyle else { return [] }
    let majorityCount = context.family.icons.filter { $0.style == majority }.count
    guard Double(majorityCount) >= context.threshold(.minimumMajority) else { return [] }
    let minority = Set(context.family.minorityStyleIcons)
    return context.icons.compactMap { icon in
      guard minority.contains(icon.id) else { return partlyFilled(icon, context: context, majorityCount: majorityCount) }
      let m = icon.metrics
      let filledAmongOutline = majority == .outline
      // A line glyph with nothing enclosed (a plus, a chevron) or little (a #) has no filled form:
      // filled, it would cover less than 1.6× its ink.
      if !filledAmongOutline && m.enclosedAreaPt2 < (FamilyAnalyzer.filledSilhouetteRatio - 1) * m.inkAreaPt2 { return nil }
      // A family that draws filled glyphs as a style of its own (its solids substantial among the
      // icons that chose a style) draws this one on purpose; solid parts alone are no such style.
      if filledAmongOutline && context.family.drawsFilledGlyphs { return nil }
      let other = filledAmongOutline ? "outline" : "filled"
      let fix = filledAmongOutline
        ? "draw it as an outline like the other \(majorityCount) icons"
          + (icon.role == .tabBar ? " (a filled version belongs to the selected state)" : "")
        : "draw it filled like the other \(majorityCount) icons"
      let stroke = context.family.group(.outline).map { " against the family's \(fmt($0.strokeWeightPt.median)) pt" } ?? ""
      // Filled by its own cues or solid to the eye (ink ≥ 0.72 of its hull, the density cue's
      // margin, in a glyph with a body to fill: ``hasAreaToFill``); else filled only by its family
      // (an unsure shape whose body is ≥ 1.6× the family's stroke: a flame with a cut-out, a toothed
      // gear with a hole; a `!` whose bar is twice the family's stroke), at the margin of both styles.
      let ownCues = m.style != .unsure || (m.density >= IconStyle.filledDensity && hasAreaToFill(m))
      let what = filledAmongOutline ? (ownCues ? "filled icon" : "heavy icon read as filled") : "outline icon"
      return context.finding(
        icon,
        "\(withArticle(what)) (density \(fmt(m.density)), stroke \(fmt(m.strokeWeightPt)) pt\(filledAmongOutline ? stroke : "")) among \(majorityCount) \(other) icons"
          + (ownCues ? "" : ": its shape alone does not say filled"),
        measured: m.density,
        expected: "the family's style (\(other))",
        fix: fix,
        severity: filledAmongOutline && ownCues ? context.severity : min(context.severity, .warning))
    }
  }

  /// A line drawing with solid parts at another line weight in a family without solids
  /// (``isPartlyFilledAtAnotherWeight``): drawn in another style, an error.
  func partlyFilled(_ icon: AuditIcon, context: RuleContext<Self>, majorityCount: Int) -> Finding? {
    guard context.family.majorityStyle == .outline, let e = context.family.evaluation(for: icon.id),
      isPartlyFilledAtAnotherWeight(e, icon.metrics, family: context.family, z: context.threshold(.partlyFilledZ),
                                    minimumRatio: context.threshold(.partlyFilledRatio)),
      let group = context.family.group(.outline)
    else { return nil }
    let m = icon.metrics
    let ratio = m.strokeWeightContourPx > 0 ? m.strokeWeightProfilePx / m.strokeWeightContourPx : 0
    let k = e.stroke.ratio
    let target = group.strokeWeightPt.median
    // Clear only where the family shows it has no solids: this icon alone is under the share of its
    // line drawings at which solids are a family's vocabulary (FamilyAnalyzer.minimumSolidPartShare,
    // 10%: ≥ 10 other line drawings); in a smaller family one solid drawing may be its manner.
    let lines = context.family.icons.filter { $0.style != .filled }.count
    let clear = 1 < FamilyAnalyzer.minimumSolidPartShare * Double(lines)
    return context.finding(
      icon,
      "a partly filled icon (solid parts: profile ÷ contour stroke \(fmt(ratio))) whose lines are \(fmt(k))× the family's \(fmt(target)) pt stroke (M = \(fmt(e.stroke.z, 1))), among \(majorityCount) line drawings without solid parts: drawn in another style",
      measured: k,
      expected: "line drawings at \(fmt(target)) pt, without solid parts",
      fix: "redraw it as a line drawing with \(withArticle(fmt(target))) pt stroke like the other \(majorityCount) icons"
        + (icon.role == .tabBar ? " (a filled version belongs to the selected state)" : ""),
      severity: clear ? context.severity : min(context.severity, .warning))
  }
}

/// The rule examples' wide glyph, the example app's voicemail: two 4 pt rings joined by a bar at
/// `barY` (16 under the rings, 8 over them), 22 pt wide in a 24 pt canvas.
private func voicemailGlyph(barY: Double) -> AlphaMask {
  var d = ExampleDrawing()
  d.ring(cx: 6, cy: 12, r: 4, width: 2)
  d.ring(cx: 18, cy: 12, r: 4, width: 2)
  d.line(x0: 6, y0: barY, x1: 18, y1: barY, width: 2)
  return d.mask
}
