// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where an icon is shown; chooses the expected canvas and glyph sizes.
public enum IconRole: String, Sendable, Codable, CaseIterable {
  case tabBar, toolbar, navigationBar, quickAction, unknown

  /// The role a folder or asset-catalog group name stands for (`TabBar`, `tab-bar`, `Toolbar`,
  /// `NavigationBar`, `QuickActions`; case-insensitive), or nil.
  public init?(folderName: String) {
    let key = folderName.lowercased().filter { $0.isLetter }
    switch key {
    case "tabbar", "tabbaricons", "tabs": self = .tabBar
    case "toolbar", "toolbaricons": self = .toolbar
    case "navigationbar", "navbar", "navigation": self = .navigationBar
    case "quickactions", "quickaction", "shortcuts": self = .quickAction
    default: return nil
    }
  }

  /// The role from a relative path: the innermost folder that names one.
  public static func fromPath(_ relativePath: String) -> IconRole? {
    let folders = relativePath.split(separator: "/").dropLast()
    for folder in folders.reversed() {
      var name = String(folder)
      for suffix in [".xcassets", ".imageset", ".symbolset"] where name.hasSuffix(suffix) {
        name = String(name.dropLast(suffix.count))
      }
      if let role = IconRole(folderName: name) { return role }
    }
    return nil
  }

  /// The nominal canvas in points (width, height) and the accepted range of each side.
  /// Tab bar: about 25×25 pt, at most 48×32 pt; toolbar and navigation bar: about 22×22 pt;
  /// quick actions: 35×35 pt (HIG).
  public var canvas: (nominal: Double, minimum: Double, maximumWidth: Double, maximumHeight: Double)? {
    switch self {
    case .tabBar: return (25, 18, 48, 32)
    case .toolbar, .navigationBar: return (22, 16, 28, 28)
    case .quickAction: return (35, 25, 35, 35)
    case .unknown: return nil
    }
  }
}
