// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines

/// Families that are families (issue 22, item 3): within a folder of icons of no known role
/// (nothing names a bar), icons drawn to be seen together share a canvas, so a folder whose icons
/// sit on several canvas sizes is split into one family per canvas size, named `Folder (24×24 pt)`,
/// and a ``AuditScope/FolderNote`` says so, instead of comparing a 16 pt glyph with a 44 pt one.
///
/// - A folder with a role (a bar-named folder or group, a role pattern, `--role`, or the app's
///   code) stays one family whatever its canvases: its icons are shown side by side, and a canvas
///   out of line is `canvas_size`'s to report.
/// - Canvas sizes are compared in whole points (w × h rounded), the selected state of an item
///   follows its item (`star-selected` on another canvas than `star` stays in `star`'s family).
/// - The note calls a folder "too mixed to be one family" when no canvas size holds half of its
///   icons; otherwise it names the icons on other canvases.
///
/// - Complexity: O(n log n) for n icons.
public enum CanvasFamilies {
  /// A canvas size in whole points.
  struct Canvas: Hashable, Comparable {
    var widthPt: Int
    var heightPt: Int
    init(_ icon: AuditIcon) {
      widthPt = Int(icon.widthPt.rounded())
      heightPt = Int(icon.heightPt.rounded())
    }
    var text: String { "\(widthPt)×\(heightPt) pt" }
    static func < (a: Canvas, b: Canvas) -> Bool { (a.widthPt * a.heightPt, a.widthPt) < (b.widthPt * b.heightPt, b.widthPt) }
  }

  /// The icons with their families split by canvas where their folder mixes canvas sizes, and a
  /// note per folder split. `displayName` titles a family (the top level has the empty name).
  public static func split(_ icons: [AuditIcon], displayName: (String) -> String) -> (icons: [AuditIcon], notes: [AuditScope.FolderNote]) {
    var byFamily: [String: [Int]] = [:]
    for (index, icon) in icons.enumerated() { byFamily[icon.family, default: []].append(index) }
    var result = icons
    var notes: [AuditScope.FolderNote] = []
    let canvasOfId = Dictionary(icons.map { ($0.id, Canvas($0)) }, uniquingKeysWith: { first, _ in first })
    for (family, indices) in byFamily.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      guard indices.allSatisfy({ icons[$0].role == .unknown }) else { continue }
      // A selected state is drawn on its item's canvas: it follows the item.
      func canvas(_ index: Int) -> Canvas {
        let icon = icons[index]
        return icon.state == .selected ? canvasOfId[icon.itemId] ?? Canvas(icon) : Canvas(icon)
      }
      var groups: [Canvas: [Int]] = [:]
      for index in indices { groups[canvas(index), default: []].append(index) }
      guard groups.count > 1 else { continue }
      // Largest group first, then the larger canvas.
      let ordered = groups.sorted { a, b in a.value.count != b.value.count ? a.value.count > b.value.count : b.key < a.key }
      for (size, members) in ordered {
        let name = family.isEmpty ? "(\(size.text))" : "\(family) (\(size.text))"
        for index in members { result[index].family = name }
      }
      let title = displayName(family)
      let largest = ordered[0].value.count
      let alone = ordered.filter { $0.value.count == 1 }.count
      let sizes = ordered.prefix(4).map { "\($0.key.text): \($0.value.count)" }.joined(separator: ", ") + (ordered.count > 4 ? ", …" : "")
      let text: String
      if largest * 2 < indices.count {
        text = "\(title): \(indices.count) icons on \(ordered.count) canvas sizes (\(sizes)) are too mixed to be one family: "
          + "compared within each canvas size" + (alone > 0 ? "; \(alone) alone on \(alone == 1 ? "its" : "their") size, not compared" : "")
      } else {
        let others = indices.count - largest
        text = "\(title): \(others) of \(indices.count) icons are on other canvas sizes than \(ordered[0].key.text) (\(sizes)): "
          + "each canvas size is compared on its own, not with the \(largest) on \(ordered[0].key.text)"
      }
      notes.append(AuditScope.FolderNote(folder: family, text: text))
    }
    return (result, notes)
  }
}
