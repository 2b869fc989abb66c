// SPDX-License-Identifier: GPL-3.0-or-later

/// Pairs the two states of tab bar items by name.
///
/// An icon is the selected state of item `star` when its name is `star` plus one of the
/// selected suffixes (`star-selected`, `star.fill`, …) and an icon `star` exists in the same
/// folder. Without its unselected twin, `bookmark-fill` is an icon of its own. Asset catalog
/// image sets pair the same way (`voicemail` and `voicemail-selected` image sets).
///
/// A suffix that starts with a separator (space, `_`, `-` or `.`) stands for its word after any
/// of the four, in any case: `-selected` pairs `Pre-Meal Selected`, `star_selected` and
/// `home.SELECTED` with `Pre-Meal`, `star` and `home` (apps name their states all these ways).
/// A suffix without a leading separator (`Selected`, for `homeSelected`) is matched as written,
/// in any case. The unselected name must exist exactly as it is written in the selected one.
public enum StatePairing {
  /// The separators a selected suffix may start with, each standing for all of them.
  static let separators: Set<Character> = [" ", "_", "-", "."]

  /// - Complexity: O(n · s) suffix comparisons for n icons and s suffixes, plus a set of the ids.
  public static func assign(_ icons: [AuditIcon], suffixes: [String]) -> [AuditIcon] {
    let ids = Set(icons.map(\.id))
    // Longest suffix first, so ".fill" does not cut "-selected.fill" short.
    let ordered = suffixes.sorted { $0.count > $1.count }
    return icons.map { icon in
      var icon = icon
      for suffix in ordered {
        guard let base = base(of: icon.id, suffix: suffix), ids.contains(base), !base.hasSuffix("/") else { continue }
        icon.state = .selected
        icon.itemId = base
        break
      }
      return icon
    }
  }

  /// The name `id` would be the selected state of under `suffix` (nil when it does not end so).
  static func base(of id: String, suffix: String) -> String? {
    guard let first = suffix.first else { return nil }
    let lowered = Array(id.lowercased())
    guard lowered.count == id.count else {
      // Lower-casing changed the length (a rare letter): compare as written.
      return id.hasSuffix(suffix) && id.count > suffix.count ? String(id.dropLast(suffix.count)) : nil
    }
    if separators.contains(first) {
      let word = Array(suffix.drop(while: { separators.contains($0) }).lowercased())
      guard !word.isEmpty, lowered.count > word.count + 1, lowered.suffix(word.count).elementsEqual(word),
        separators.contains(lowered[lowered.count - word.count - 1])
      else { return nil }
      return String(id.dropLast(word.count + 1))
    }
    let literal = Array(suffix.lowercased())
    guard lowered.count > literal.count, lowered.suffix(literal.count).elementsEqual(literal) else { return nil }
    return String(id.dropLast(literal.count))
  }
}
