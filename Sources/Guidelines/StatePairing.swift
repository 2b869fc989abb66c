// SPDX-License-Identifier: GPL-3.0-or-later

/// Pairs the two states of tab bar items by name.
///
/// An icon is the selected state of item `star` when its name is `star` plus one of the
/// selected suffixes (`star-selected`, `star.fill`, …) and an icon `star` exists in the same
/// folder. Without its unselected twin, `bookmark-fill` is an icon of its own. Asset catalog
/// image sets pair the same way (`voicemail` and `voicemail-selected` image sets).
public enum StatePairing {
  public static func assign(_ icons: [AuditIcon], suffixes: [String]) -> [AuditIcon] {
    let ids = Set(icons.map(\.id))
    // Longest suffix first, so ".fill" does not cut "-selected.fill" short.
    let ordered = suffixes.sorted { $0.count > $1.count }
    return icons.map { icon in
      var icon = icon
      for suffix in ordered where icon.id.hasSuffix(suffix) && icon.id.count > suffix.count {
        let base = String(icon.id.dropLast(suffix.count))
        if ids.contains(base) && !base.hasSuffix("/") {
          icon.state = .selected
          icon.itemId = base
          break
        }
      }
      return icon
    }
  }
}
