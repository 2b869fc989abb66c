// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Where an icon is shown; chooses the expected canvas and glyph sizes.
public enum IconRole: String, Sendable, Codable, CaseIterable {
  case tabBar, toolbar, navigationBar, quickAction, unknown

  /// The role a folder or asset-catalog group name stands for (`TabBar`, `tab-bar`, `Toolbar`,
  /// `NavigationBar`, `QuickActions`; case-insensitive), or nil. `Shortcuts` names no role: in
  /// real apps it holds an app's own shortcut tiles (DuckDuckGo's new-tab cells, Firefox Focus's
  /// rename and remove menu images), never Home Screen quick actions, and read as quick actions
  /// those were told their 19–24 pt canvases are smaller than the 25 pt a quick action needs.
  public init?(folderName: String) {
    switch Self.letterKey(folderName) {
    case "tabbar", "tabbaricons", "tabs": self = .tabBar
    case "toolbar", "toolbaricons": self = .toolbar
    case "navigationbar", "navbar", "navigation": self = .navigationBar
    case "quickactions", "quickaction": self = .quickAction
    default: return nil
    }
  }

  /// The role in words: "tab bar", "toolbar", "navigation bar", "quick action" ("bar" unknown).
  public var displayName: String {
    switch self {
    case .tabBar: "tab bar"
    case .toolbar: "toolbar"
    case .navigationBar: "navigation bar"
    case .quickAction: "quick action"
    case .unknown: "bar"
    }
  }

  /// The name's letters, lower-cased: `lowercased()` filtered by `isLetter`, computed on the bytes
  /// when the name is ASCII (the same result: the ASCII letters are A–Z and a–z); every icon's
  /// folders are looked up, and Character by Character that was a serial 0.05 s of a 10,000-icon
  /// audit.
  static func letterKey(_ name: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    for byte in name.utf8 {
      if byte >= 0x80 { return name.lowercased().filter { $0.isLetter } }
      if byte >= 0x61 && byte <= 0x7A { bytes.append(byte) }
      else if byte >= 0x41 && byte <= 0x5A { bytes.append(byte | 0x20) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The role from a relative path: the innermost folder that names one. An image set or symbol
  /// set names its image, not a bar: `Toolbar/tabs.imageset` (Onion Browser's button that shows the
  /// open tabs) is a toolbar icon, not a tab bar one; an asset catalog (`TabBar.xcassets`) and
  /// its plain group folders are folders of icons and do name their role.
  public static func fromPath(_ relativePath: String) -> IconRole? {
    // An ASCII path is split on its bytes (the same folders: an ASCII `/` is a Character of its
    // own there); splitting by Character was most of a warm audit's role lookups.
    let folders = relativePath.utf8.allSatisfy { $0 < 0x80 }
      ? relativePath.utf8.split(separator: UInt8(ascii: "/")).dropLast().map { Substring($0) }
      : Array(relativePath.split(separator: "/").dropLast())
    for folder in folders.reversed() where !folder.hasSuffix(".imageset") && !folder.hasSuffix(".symbolset") {
      var name = String(folder)
      if name.hasSuffix(".xcassets") { name = String(name.dropLast(".xcassets".count)) }
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

  /// The size a custom symbol (`.symbolset`) is drawn at in a bar of this role, on an iPhone in
  /// portrait; nil for a quick action or an unknown role (a symbol then renders at
  /// ``SymbolSize/body``).
  ///
  /// - Tab bar: 25 pt at medium scale, so a circular symbol is about 25 pt across (SF Symbols
  ///   draw a circle at medium scale about as wide as its point size: 0.98 on the real apps'
  ///   templates), the HIG's circle target for a tab bar glyph drawn as an image; a custom
  ///   symbol beside PDF and PNG tab icons is compared with them at that size.
  /// - Toolbar and navigation bar: 17 pt (body text) at large scale, as UIKit draws a bar button
  ///   item's symbol image: a circle about 22 pt across, the HIG's 22 pt bar button canvas.
  ///
  /// Weight: iOS draws tab bar symbols at a medium weight, which a template does not hold (iOS
  /// interpolates it between Regular and Black); they are drawn at Regular, of the same size.
  /// These sizes were set from the guidelines' glyph sizes and the templates' proportions, not
  /// measured on a device.
  public var symbolSize: SymbolSize? {
    switch self {
    case .tabBar: SymbolSize(pointSize: 25, scale: .medium)
    case .toolbar, .navigationBar: SymbolSize(pointSize: 17, scale: .large)
    case .quickAction, .unknown: nil
    }
  }
}
