// SPDX-License-Identifier: GPL-3.0-or-later
import FamilyAnalysis
import Guidelines
import IconMetrics
import IconSupport

/// The JSON report (schema version 1): the stable machine interface and the release snapshot.
/// Keys sorted, floats rounded to 4 decimals, nothing from the machine, the clock or absolute
/// paths: the same icons give byte-identical output.
public enum JSONReportWriter {
  public static let schemaVersion = 1

  /// The report's text: ``writeUTF8Pieces(_:toolVersion:)`` joined.
  public static func writeUTF8(_ report: AuditReport, toolVersion: String) -> [UInt8] {
    let pieces = writeUTF8Pieces(report, toolVersion: toolVersion)
    var out: [UInt8] = []
    out.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
    for piece in pieces { out.append(contentsOf: piece) }
    return out
  }

  /// ``writeUTF8(_:toolVersion:)``'s text in pieces, to be written out one after the other: it is
  /// written straight into bytes with the keys in their order written out (see
  /// ``JSONObjectWriter``), never as a tree; the icons, the findings and the families' icons
  /// (nearly all of a 10,000-icon report's 31 MB) on all cores, in batches of consecutive items,
  /// which are pieces of their own (never copied into one buffer).
  public static func writeUTF8Pieces(_ report: AuditReport, toolVersion: String) -> [[UInt8]] {
    let (pieces, slots, batches) = document(report, toolVersion: toolVersion)
    return batches.filled(pieces: pieces, slots: slots)
  }

  /// ``writeUTF8Pieces(_:toolVersion:)``'s pieces handed to `sink` in order, the large arrays'
  /// batches written just before they are handed over and released after
  /// (``JSONBatches/stream(pieces:slots:_:)``): the report is never held whole. Stops at the first
  /// `false` from `sink` and returns it.
  public static func writeUTF8(_ report: AuditReport, toolVersion: String, to sink: ([UInt8]) -> Bool) -> Bool {
    let (pieces, slots, batches) = document(report, toolVersion: toolVersion)
    return batches.stream(pieces: pieces, slots: slots, sink)
  }

  /// The report's text but for the items of its large arrays (the icons, the findings and the
  /// families' icons: nearly all of a 10,000-icon report's 28 MB), whose batches are slots among
  /// the pieces, written by `batches`.
  static func document(_ report: AuditReport, toolVersion: String)
    -> (pieces: [[UInt8]], slots: [(piece: Int, batch: Int)], batches: JSONBatches) {
    // Nesting: {"icons": [icon, …], "findings": [finding, …], "family": {"families": [{"icons": [entry, …]}, …]}}.
    let batches = JSONBatches()
    let familyIcons = report.families.map { family in
      batches.add(family.icons, indent: 4) { entry, out in writeEvaluation(entry, into: &out, indent: 5) }
    }
    let findings = batches.add(report.findings, indent: 1) { finding, out in writeFinding(finding, into: &out, indent: 2) }
    let icons = batches.add(report.icons, indent: 1) { icon, out in
      writeIcon(icon, familyDisplayName: report.displayName(ofFamily: icon.family), into: &out, indent: 2)
    }
    let (pieces, slots) = JSONObjectWriter.documentWithSlots { w in
      w.object("family") { w in
        w.double("consistencyScore", overallConsistency(report))
        w.objects("families", report.families.indices) { f, w in
          let family = report.families[f]
          w.double("consistencyScore", family.consistencyScore)
          w.string("displayName", report.displayName(ofFamily: family.name))
          w.written("icons", batches: familyIcons[f], of: batches)
          w.string("majorityStyle", family.majorityStyle?.rawValue)
          w.strings("minorityStyleIcons", family.minorityStyleIcons)
          w.string("name", family.name)
          w.bool("styleSplit", family.styleSplit)
        }
        w.objects("groups", report.families.flatMap { family in family.groups.map { (family.name, $0) } }) { item, w in
          let (family, group) = item
          w.int("count", group.members.count)
          w.object("detailDensity") { writeSpread(group.detailDensity, into: &$0) }
          w.object("effectiveSizePt") { writeSpread(group.effectiveSizePt, into: &$0) }
          w.object("extentPt") { writeSpread(group.extentPt, into: &$0) }
          w.string("family", family)
          w.string("familyDisplayName", report.displayName(ofFamily: family))
          w.strings("members", group.members)
          w.object("perceivedSizePt") { writeSpread(group.perceivedSizePt, into: &$0) }
          w.object("strokeWeightContourPt") { writeSpread(group.strokeWeightContourPt, into: &$0) }
          w.object("strokeWeightPt") { writeSpread(group.strokeWeightPt, into: &$0) }
          w.string("style", group.style.rawValue)
        }
      }
      w.written("findings", batches: findings, of: batches)
      w.written("icons", batches: icons, of: batches)
      w.string("label", report.label)
      w.int("schemaVersion", schemaVersion)
      w.object("summary") { w in
        let scope = report.effectiveScope
        w.bool("allImages", scope.allImages)
        w.int("auditedAsBarIcons", scope.audited)
        w.object("byReason") { w in
          let counts = Dictionary(uniqueKeysWithValues: scope.countsByReason.map { ($0.reason, $0.count) })
          // Every reason, in the byte order of its key.
          for (key, reason) in reasonKeys { w.int(key, counts[reason] ?? 0) }
        }
        w.int("errors", report.count(.error))
        w.objects("folderNotes", scope.folderNotes) { note, w in
          w.string("folder", note.folder)
          w.string("text", note.text)
        }
        w.int("icons", report.icons.count)
        w.int("imagesFound", scope.imagesFound)
        w.int("infos", report.count(.info))
        w.objects("leftOut", scope.leftOut) { item, w in
          w.string("detail", item.detail)
          w.bool("notAuditedAsBarIcon", item.reason.isJudged)
          w.string("path", item.path)
          w.string("reason", item.reason.rawValue)
          w.string("text", item.reason.text)
        }
        w.int("notAuditedAsBarIcons", scope.notAudited.count)
        w.int("skipped", scope.skipped.count)
        w.int("unreadable", report.unreadable.count)
        w.int("warnings", report.count(.warning))
      }
      w.toolAndUnreadable(toolVersion: toolVersion, unreadable: report.unreadable)
    }
    return (pieces, slots, batches)
  }

  /// The summary's `byReason` keys (each reason's raw value), in byte order.
  static let reasonKeys: [(StaticString, AuditScope.Reason)] = [
    ("appIcon", .appIcon), ("colourIllustration", .colourIllustration), ("colourImage", .colourImage),
    ("noFile", .noFile), ("originalRendering", .originalRendering), ("otherIdioms", .otherIdioms),
    ("otherImageType", .otherImageType), ("photo", .photo), ("solidFill", .solidFill), ("tooLarge", .tooLarge),
    ("tooSmall", .tooSmall),
  ]

  /// The families' consistency scores averaged over their icons (100 without icons).
  static func overallConsistency(_ report: AuditReport) -> Double {
    let totalIcons = report.families.reduce(0) { $0 + $1.icons.count }
    return totalIcons == 0 ? 100 : report.families.reduce(0.0) { $0 + $1.consistencyScore * Double($1.icons.count) } / Double(totalIcons)
  }

  public static func write(_ report: AuditReport, toolVersion: String) -> String {
    String(decoding: writeUTF8(report, toolVersion: toolVersion), as: UTF8.self)
  }

  /// A drawing's `Spectrum.Signature` as 512 hex digits (each cell quantised to a byte), so that
  /// drift can recognise a renamed icon in a snapshot without its pixels.
  public static func signatureHex(_ signature: Spectrum.Signature) -> String {
    var out: [UInt8] = []
    appendSignatureHex(signature, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends ``signatureHex(_:)``'s digits.
  static func appendSignatureHex(_ signature: Spectrum.Signature, into out: inout [UInt8]) {
    let digits: StaticString = "0123456789abcdef"
    let cells = signature.cells
    // Each cell × 255 rounded half away from zero: + 0.5 then truncated, in Double, where the sum
    // is exact (a Float has 24 bits), so that it is `rounded()` without a call to `roundf`.
    out.append(contentsOf: repeatElement(0, count: 2 * cells.count))
    out.withUnsafeMutableBufferPointer { out in
      let text = UnsafeMutableBufferPointer(rebasing: out[(out.count - 2 * cells.count)...])
      digits.withUTF8Buffer { digits in
        for (i, cell) in cells.enumerated() {
          let byte = Int(Double(min(max(cell, 0), 1) * 255) + 0.5)
          text[2 &* i] = digits[byte >> 4]
          text[2 &* i &+ 1] = digits[byte & 15]
        }
      }
    }
  }

  // MARK: - Writing straight into bytes (members in the byte order of their keys)

  /// - Parameter familyDisplayName: the family's name as the readable reports show it
  ///   (``AuditReport/displayName(ofFamily:)``: the audited folder's own name for the icons at its top
  ///   level, whose `family` is empty).
  static func writeIcon(_ icon: AuditIcon, familyDisplayName: String, into out: inout [UInt8], indent: Int) {
    JSONObjectWriter.write(into: &out, indent: indent) { w in
      w.string("family", icon.family)
      w.string("familyDisplayName", familyDisplayName)
      w.int("heightPx", icon.heightPx)
      w.string("id", icon.id)
      w.string("itemId", icon.itemId)
      w.object("metrics") { writeMetrics(icon.metrics, into: &$0) }
      w.string("path", icon.path)
      w.string("role", icon.role.rawValue)
      w.double("scale", icon.scale)
      if let signature = icon.signature {
        w.raw("signature") { out in
          out.append(UInt8(ascii: "\""))
          appendSignatureHex(signature, into: &out)
          out.append(UInt8(ascii: "\""))
        }
      } else {
        w.null("signature")
      }
      w.string("state", icon.state.rawValue)
      w.int("widthPx", icon.widthPx)
    }
  }

  /// `IconMeasurements` as its `Encodable` conformance encodes it: every stored property under its
  /// own name, `colorSpread` left out when nil. Also the `measure` command's `metrics`. A property
  /// added there must be added here too (the tests compare this with Foundation's `JSONEncoder`).
  static func writeMetrics(_ m: IconMeasurements, into w: inout JSONObjectWriter) {
    if let colorSpread = m.colorSpread { w.double("colorSpread", colorSpread) }
    w.int("components", m.components)
    w.double("contourLengthPt", m.contourLengthPt)
    w.double("density", m.density)
    w.double("detailDensity", m.detailDensity)
    w.double("enclosedAreaPt2", m.enclosedAreaPt2)
    w.object("extentPt") { w in
      w.double("height", m.extentPt.height)
      w.double("width", m.extentPt.width)
      w.double("x", m.extentPt.x)
      w.double("y", m.extentPt.y)
    }
    w.double("haloFraction", m.haloFraction)
    w.object("haloOffsetPx") { writePoint(m.haloOffsetPx, into: &$0) }
    w.int("holes", m.holes)
    w.double("hullAreaPt2", m.hullAreaPt2)
    w.double("inkAreaPt2", m.inkAreaPt2)
    w.double("opaqueBackgroundShare", m.opaqueBackgroundShare)
    w.double("opticalCenterOffsetFraction", m.opticalCenterOffsetFraction)
    w.object("opticalCenterOffsetPt") { writePoint(m.opticalCenterOffsetPt, into: &$0) }
    w.double("partialPixelRatio", m.partialPixelRatio)
    w.double("perceivedSizePt", m.perceivedSizePt)
    w.int("skeletonEndPoints", m.skeletonEndPoints)
    w.int("skeletonJunctions", m.skeletonJunctions)
    w.double("strokeWeightContourPx", m.strokeWeightContourPx)
    w.double("strokeWeightProfilePx", m.strokeWeightProfilePx)
    w.double("strokeWeightPt", m.strokeWeightPt)
    w.double("strokeWeightPx", m.strokeWeightPx)
    w.double("strokeWidthSpread", m.strokeWidthSpread)
    w.string("style", m.style.rawValue)
  }

  static func writePoint(_ p: Point2D, into w: inout JSONObjectWriter) {
    w.double("x", p.x)
    w.double("y", p.y)
  }

  static func writeFinding(_ f: Finding, into out: inout [UInt8], indent: Int) {
    JSONObjectWriter.write(into: &out, indent: indent) { w in
      w.string("expected", f.expected)
      w.string("fix", f.fix)
      w.string("iconId", f.iconId)
      w.double("measured", f.measured)
      w.string("message", f.message)
      w.string("path", f.path)
      w.string("ruleId", f.ruleId)
      w.string("severity", f.severity.rawValue)
    }
  }

  /// One icon's entry in its family's `icons`.
  static func writeEvaluation(_ e: IconEvaluation, into out: inout [UInt8], indent: Int) {
    JSONObjectWriter.write(into: &out, indent: indent) { w in
      w.object("detail") { writeScore(e.detail, into: &$0) }
      w.object("extent") { writeScore(e.extent, into: &$0) }
      w.string("group", e.group.rawValue)
      w.string("id", e.id)
      w.bool("openStroke", e.isOpenStroke)
      w.object("size") { writeScore(e.size, into: &$0) }
      w.object("stroke") { writeScore(e.stroke, into: &$0) }
      w.object("strokeContour") { writeScore(e.strokeContour, into: &$0) }
      w.string("style", e.style.rawValue)
    }
  }

  static func writeSpread(_ s: RobustSpread, into w: inout JSONObjectWriter) {
    w.int("count", s.count)
    w.double("madLog", s.madLog)
    w.double("median", s.median)
  }

  static func writeScore(_ s: MetricScore, into w: inout JSONObjectWriter) {
    w.double("ratio", s.ratio)
    w.double("value", s.value)
    w.double("z", s.z)
  }
}
