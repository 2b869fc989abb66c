// SPDX-License-Identifier: GPL-3.0-or-later

/// What the app's code says of an icon (``AuditIcon/codeUse``), when the audit read the code:
/// where it is put in a bar, or that no code uses it although its name is a selected state's.
public struct CodeUse: Sendable, Hashable {
  /// The lines of code that put it in a bar (`App/Main.storyboard:42`), relative to the audited
  /// folder, sorted.
  public var locations: [String]
  /// The bars it is in.
  public var bars: [String]
  /// Set when no code uses the icon and its name is that of the selected state of this item (an
  /// icon id): it is reported (`unused_selected_state`) and judged by no other rule.
  public var unusedSelectedStateOf: String?
  /// Whether every use shows it in its own colours: the code says `.alwaysOriginal`, or it is a
  /// button's image not made a template (a custom button draws it as it is).
  public var showsOwnColours: Bool

  public init(locations: [String] = [], bars: [String] = [], unusedSelectedStateOf: String? = nil, showsOwnColours: Bool = false) {
    self.locations = locations
    self.bars = bars
    self.unusedSelectedStateOf = unusedSelectedStateOf
    self.showsOwnColours = showsOwnColours
  }
}

/// One row of the report's "bar icons found in the code": an image the code puts in a bar.
public struct BarIconRow: Sendable, Hashable {
  /// The name as the code writes it (`tab_home`, `.tabHome`, `systemName: gear`).
  public var image: String
  /// The audited icon it resolved to; nil for an SF Symbol or a name no catalog holds.
  public var iconId: String?
  public var role: IconRole
  /// The selected image the code gives it, as written.
  public var selectedImage: String?
  public var bar: String
  /// `file:line`.
  public var location: String
  /// Why it is not measured when `iconId` is nil: "system symbol", "not in a catalog".
  public var note: String?

  public init(image: String, iconId: String?, role: IconRole, selectedImage: String?, bar: String, location: String, note: String?) {
    self.image = image
    self.iconId = iconId
    self.role = role
    self.selectedImage = selectedImage
    self.bar = bar
    self.location = location
    self.note = note
  }
}
