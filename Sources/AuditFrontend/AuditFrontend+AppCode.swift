// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport
import AppCodeScan
import Guidelines
import IconRaster

/// The audit of an app's folder whose code was read (``AuditRequest/appCode``): the families are
/// those the code makes.
///
/// - An image set the code puts in a bar is audited with that role, whatever its folder, in the
///   family of its bar when that toolbar or navigation bar holds two or more items
///   (`Toolbar (Main.storyboard ComposeViewController)`), else in its role's family across the
///   app (`TabBar`, `Toolbar`, `NavigationBar`): see `BarIconMap.familyName(role:bar:)`.
/// - A tab bar item's selected state is the image the code names, whatever its name; an image set
///   named like the selected state of a bar icon that no code uses is kept aside for
///   `unused_selected_state` (judged by no other rule).
/// - Other image sets stay out unless a role pattern of the configuration names them (they are
///   then audited as before: their folder is their family, names pair their states).
extension AuditFrontend {
  /// The image set ids to measure: those the code uses, their selected-looking twins, and those
  /// the configuration's role patterns name.
  static func selection(_ map: BarIconMap, discovered: [DiscoveredIcon], configuration: AuditConfiguration)
    -> (measure: Set<String>, unusedSelected: [String: String])
  {
    var keep = Set(map.entries.keys)
    var unused: [String: String] = [:]
    let used = keep
    for icon in discovered where !used.contains(icon.id) {
      if configuration.roles.contains(where: { Glob.matches($0.pattern, icon.files.first?.relativePath ?? icon.id) }) { keep.insert(icon.id) }
      for suffix in configuration.selectedSuffixes.sorted(by: { $0.count > $1.count }) {
        guard let base = StatePairingNames.base(of: icon.id, suffix: suffix), used.contains(base) else { continue }
        unused[icon.id] = base
        keep.insert(icon.id)
        break
      }
    }
    return (keep, unused)
  }

  /// The measured icons as the rules see them when the code was read.
  static func appCodeIcons(_ measured: [MeasuredIcon], map: BarIconMap, unusedSelected: [String: String],
                           configuration: AuditConfiguration, rootName: String?) -> [AuditIcon] {
    var configured: [AuditIcon] = []
    var fromCode: [AuditIcon] = []
    for icon in measured {
      if let entry = map.entries[icon.id] {
        var audited = icon.auditIcon(family: entry.family, role: IconRole(rawValue: entry.role.rawValue) ?? .unknown)
        audited.codeUse = CodeUse(locations: entry.locations.map(\.description), bars: entry.bars, showsOwnColours: entry.showsOwnColours)
        if let item = entry.selectedStateOf {
          audited.state = .selected
          audited.itemId = item
        }
        fromCode.append(audited)
      } else if let item = unusedSelected[icon.id], let entry = map.entries[item] {
        var audited = icon.auditIcon(family: entry.family, role: IconRole(rawValue: entry.role.rawValue) ?? .unknown)
        audited.codeUse = CodeUse(unusedSelectedStateOf: item)
        audited.state = .selected
        audited.itemId = item
        fromCode.append(audited)
      } else {
        configured.append(icon.auditIcon(family: PathText.parent(icon.id), role: configuration.role(forRelativePath: icon.path, rootName: rootName)))
      }
    }
    return fromCode + StatePairing.assign(configured, suffixes: configuration.selectedSuffixes)
  }

  /// The report's "bar icons found in the code".
  static func barIconRows(_ map: BarIconMap) -> [BarIconRow] {
    map.resolvedUses.map { use, id in
      var note: String?
      if case .system = use.image { note = "system symbol, not measured" } else if id == nil { note = "no image set of that name" }
      return BarIconRow(image: use.image.description, iconId: id, role: IconRole(rawValue: use.role.rawValue) ?? .unknown,
                        selectedImage: use.selectedImage?.description, bar: use.bar, location: use.location.description, note: note)
    }
  }
}

/// The name-based pairing's suffix test, for the ids the code does not use.
enum StatePairingNames {
  static func base(of id: String, suffix: String) -> String? {
    // StatePairing pairs within a list of icons; a one-icon list with the candidate base tells
    // whether `id` is named as its selected state.
    let separators: Set<Character> = [" ", "_", "-", "."]
    guard let first = suffix.first else { return nil }
    let lowered = id.lowercased()
    if separators.contains(first) {
      let word = String(suffix.drop(while: { separators.contains($0) })).lowercased()
      guard !word.isEmpty, lowered.count > word.count + 1, lowered.hasSuffix(word),
        let separator = lowered.dropLast(word.count).last, separators.contains(separator)
      else { return nil }
      return String(id.dropLast(word.count + 1))
    }
    guard lowered.count > suffix.count, lowered.hasSuffix(suffix.lowercased()) else { return nil }
    return String(id.dropLast(suffix.count))
  }
}
