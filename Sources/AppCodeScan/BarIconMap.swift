// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the code says of one image set: the value the audit's frontend takes in (keyed by the
/// set's id, `App/Assets.xcassets/TabBar/home`).
public struct BarIconEntry: Sendable, Hashable {
  /// Its role: the first of tab bar, toolbar, navigation bar among its uses.
  public var role: BarRole
  /// The family it is audited in: the icons of its bar when that bar holds two or more of the
  /// app's items (`Toolbar (StatusTableViewController.swift)`), else all icons of its role across
  /// the app (`TabBar`, `Toolbar`); see ``BarIconMap/familyName(role:bar:)``.
  public var family: String
  /// The bar that names its family: the first (by location) of its uses in its role.
  public var primaryBar: String?
  /// The bars it is in (a storyboard's tab bar, a screen's toolbar), sorted.
  public var bars: [String]
  /// The id of the selected image the code gives it (a tab bar item's `selectedImage`).
  public var selectedImageId: String?
  /// When it is the selected image of another item: that item's id.
  public var selectedStateOf: String?
  /// The lines of code that put it in a bar, sorted.
  public var locations: [SourceLocation]
  /// Whether every use shows it in its own colours (``BarIconUse/showsOwnColours``).
  public var showsOwnColours = false
}

/// The bar icons of an app resolved against its asset catalogs: a map from image set id to what
/// the code says of it, the SF Symbols the bars use (not measured), and the names no catalog
/// holds (an image embedded in a storyboard, in another bundle, or made at run time).
public struct BarIconMap: Sendable {
  public var entries: [String: BarIconEntry]
  public var systemSymbols: [BarIconUse]
  public var unresolved: [BarIconUse]
  /// Each use with the image set id it resolved to (nil for a system symbol or an unresolved name),
  /// by location: what the report lists.
  public var resolvedUses: [(use: BarIconUse, id: String?)]

  /// Resolves `code`'s uses against image set ids. A string name matches a set's name (or its
  /// namespaced path); a generated symbol matches with case and separators ignored
  /// (`tabHome` ↔ `tab_home`, `Asset.Scene.Compose.pollFill` ↔ `Scene/Compose/poll.fill`). Among
  /// sets of one name, the one nearest the using file (most leading folders in common) wins.
  ///
  /// - Complexity: O(u · c) for u uses and c candidate sets of a name, after an O(ids) index.
  public init(code: AppCode, catalogIds: [String]) {
    let index = CatalogIndex(catalogIds)
    var entries: [String: BarIconEntry] = [:]
    var system: [BarIconUse] = []
    var unresolved: [BarIconUse] = []
    var resolved: [(BarIconUse, String?)] = []
    var selectedPairs: [(item: String, selected: String, use: BarIconUse)] = []
    for use in code.uses {
      if case .system = use.image {
        system.append(use)
        resolved.append((use, nil))
        continue
      }
      guard let id = index.resolve(use.image, near: use.location.path) else {
        unresolved.append(use)
        resolved.append((use, nil))
        continue
      }
      resolved.append((use, id))
      var entry = entries[id] ?? BarIconEntry(role: use.role, family: use.role.familyName, primaryBar: use.bar, bars: [], locations: [],
                                              showsOwnColours: true)
      entry.showsOwnColours = entry.showsOwnColours && use.showsOwnColours
      if use.role < entry.role {
        entry.role = use.role
        entry.family = use.role.familyName
        entry.primaryBar = use.bar
      }
      if !entry.bars.contains(use.bar) { entry.bars.append(use.bar) }
      entry.locations.append(use.location)
      if let selected = use.selectedImage, let selectedId = index.resolve(selected, near: use.location.path), selectedId != id {
        entry.selectedImageId = selectedId
        selectedPairs.append((id, selectedId, use))
      }
      entries[id] = entry
    }
    // Families of one bar: toolbars and navigation bars holding two or more items.
    var itemsPerBar: [String: Int] = [:]
    for entry in entries.values where entry.role != .tabBar {
      if let bar = entry.primaryBar { itemsPerBar[bar, default: 0] += 1 }
    }
    for key in entries.keys {
      guard let bar = entries[key]!.primaryBar, entries[key]!.role != .tabBar, itemsPerBar[bar, default: 0] >= 2 else { continue }
      entries[key]!.family = Self.familyName(role: entries[key]!.role, bar: bar)
    }
    for pair in selectedPairs {
      guard let item = entries[pair.item] else { continue }
      // A set the code uses as an item itself stays an item.
      if let existing = entries[pair.selected], existing.selectedStateOf == nil { continue }
      var entry = entries[pair.selected] ?? BarIconEntry(role: item.role, family: item.family, primaryBar: item.primaryBar, bars: [], locations: [],
                                                         showsOwnColours: pair.use.selectedShowsOwnColours)
      entry.role = item.role
      entry.family = item.family
      entry.selectedStateOf = pair.item
      if !entry.bars.contains(pair.use.bar) { entry.bars.append(pair.use.bar) }
      if !entry.locations.contains(pair.use.location) { entry.locations.append(pair.use.location) }
      entries[pair.selected] = entry
    }
    for key in entries.keys {
      entries[key]!.bars.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      entries[key]!.locations.sort()
    }
    self.entries = entries
    self.systemSymbols = system
    self.unresolved = unresolved
    self.resolvedUses = resolved
  }
}

extension BarIconMap {
  /// The family of the items of one bar: its role's family name and the bar as the scan names it,
  /// the file reduced to its name (`Toolbar (Main.storyboard ComposeViewController)`,
  /// `Toolbar (ComposeToolbarView.swift ComposeToolbarView)`).
  ///
  /// Why per bar: the icons of one toolbar are seen side by side, so their sizes and strokes are
  /// compared with each other; an app's navigation bars across screens are not (a modal's small
  /// back chevron pulled the median of element's 12 navigation bar icons down, and three of them
  /// read as too large). A tab bar is one per app: its items stay one family whatever files set
  /// them.
  public static func familyName(role: BarRole, bar: String) -> String {
    var text = Substring(bar)
    for roleName in [" navigation bar", " tab bar", " toolbar"] where text.hasSuffix(roleName) {
      text = text.dropLast(roleName.count)
      break
    }
    // The file (its path may hold spaces) ends at its extension; the scene or type follows.
    var file = text, rest = Substring("")
    for ext in [".swift", ".storyboard", ".xib", ".mm", ".m"] {
      if let range = text.range(of: ext + " ") {
        file = text[..<text.index(before: range.upperBound)]
        rest = text[range.upperBound...]
        break
      }
      if text.hasSuffix(ext) { break }
    }
    let name = file.split(separator: "/").last.map(String.init) ?? String(file)
    return "\(role.familyName) (\(rest.isEmpty ? name : name + " " + rest))"
  }
}

/// Image set ids indexed by the names code may use for them.
struct CatalogIndex {
  /// Exact names: the set's name and its path inside the catalog (a namespaced name).
  private var exact: [String: [String]] = [:]
  /// Names with case and separators ignored, for generated symbols: the set's name and each
  /// trailing run of its path inside the catalog.
  private var loose: [String: [String]] = [:]

  init(_ ids: [String]) {
    for id in ids {
      let parts = id.split(separator: "/").map(String.init)
      let catalog = parts.lastIndex { $0.hasSuffix(".xcassets") }.map { $0 + 1 } ?? max(0, parts.count - 1)
      let inside = Array(parts[min(catalog, parts.count)...])
      guard let name = inside.last else { continue }
      var keys = Set([name, inside.joined(separator: "/")])
      for k in keys { exact[k, default: []].append(id) }
      keys = []
      for start in inside.indices { keys.insert(Self.loose(inside[start...].joined())) }
      for k in keys { loose[k, default: []].append(id) }
    }
  }

  static func loose(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { CharacterSetLite.isAlphanumeric($0) }.map(Character.init))
  }

  func resolve(_ reference: ImageReference, near path: String) -> String? {
    let candidates: [String]
    switch reference {
    case .system: return nil
    case .named(let written):
      // A storyboard may name the file (`back_icon.png`) rather than the set.
      var name = written
      for ext in [".png", ".pdf", ".svg", ".jpg"] where name.lowercased().hasSuffix(ext) && exact[name] == nil { name.removeLast(ext.count) }
      candidates = exact[name] ?? loose[Self.loose(name)] ?? []
    case .generated(let path):
      candidates = loose[Self.loose(path.joined())] ?? path.last.flatMap { loose[Self.loose($0)] } ?? []
    }
    guard !candidates.isEmpty else { return nil }
    let folders = path.split(separator: "/").dropLast()
    func common(_ id: String) -> Int {
      zip(folders, id.split(separator: "/")).prefix { $0 == $1 }.count
    }
    return candidates.max { a, b in
      let ca = common(a), cb = common(b)
      return ca != cb ? ca < cb : b.utf8.lexicographicallyPrecedes(a.utf8)
    }
  }
}

/// ASCII letters and digits, and any letter or digit beyond ASCII (no Foundation needed).
enum CharacterSetLite {
  static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }
}
