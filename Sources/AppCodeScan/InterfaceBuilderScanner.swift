// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads storyboards and xibs as text (no XML library, nothing resolved): `<tabBarItem
/// image="x" selectedImage="y">` (tab bar), `<barButtonItem image="x">` inside a `<toolbar>` or a
/// scene's `toolbarItems` (toolbar) or a `<navigationItem>` / `<navigationBar>` (navigation bar;
/// also an item outside both, as in a xib's top-level objects). A scene's bar is named by its
/// view controller's `customClass` or `storyboardIdentifier`, else its `sceneID`.
///
/// - Complexity: O(n) for n bytes: one pass over the tags with a stack of open elements.
enum InterfaceBuilderScanner {
  static func scan(_ source: SourceText, path: String) -> [BarIconUse] {
    var uses: [BarIconUse] = []
    var stack: [(name: String, key: String?, id: String?)] = []
    let barViews = outletBars(source)
    var scene = ""
    let code = source.code
    var i = 0
    while i < code.count {
      guard code[i] == UInt8(ascii: "<"), i + 1 < code.count else { i += 1; continue }
      // The tag's end: the next `>` outside attribute values.
      var j = i + 1, quote: UInt8? = nil
      while j < code.count && j - i < SourceText.maximumSpan {
        let b = code[j]
        if let q = quote { if b == q { quote = nil } } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b } else if b == UInt8(ascii: ">") { break }
        j += 1
      }
      let tag = source.text((i + 1)..<min(j, code.count))
      let start = i
      i = j + 1
      if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
      if tag.hasPrefix("/") {
        let name = String(tag.dropFirst().prefix(while: { !$0.isWhitespace }))
        if let index = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(index...) }
        continue
      }
      let name = String(tag.prefix(while: { !$0.isWhitespace && $0 != "/" }))
      let attributes = Self.attributes(tag)
      let selfClosing = tag.hasSuffix("/")
      if name == "scene" { scene = attributes["sceneID"] ?? "" }
      if name.hasSuffix("Controller") || name == "viewController" {
        if let named = attributes["customClass"] ?? attributes["storyboardIdentifier"] { scene = named }
      }
      let location = SourceLocation(path: path, line: source.line(at: start))
      if name == "tabBarItem", let image = attributes["image"] {
        uses.append(BarIconUse(image: .named(image), role: .tabBar, selectedImage: attributes["selectedImage"].map(ImageReference.named),
                               bar: "\(path) tab bar", location: location, pattern: "<tabBarItem image=>"))
      } else if name == "tabBarItem", let system = attributes["systemItem"] {
        uses.append(BarIconUse(image: .system(system), role: .tabBar, bar: "\(path) tab bar", location: location,
                               pattern: "<tabBarItem systemItem=>"))
      } else if name == "barButtonItem", let image = attributes["image"] {
        let inToolbar = stack.contains { $0.name == "toolbar" || $0.name == "toolbarItems" || $0.key == "toolbarItems" }
        let role: BarRole = inToolbar ? .toolbar : .navigationBar
        let bar = "\(path) \(scene.isEmpty ? "" : scene + " ")\(role.barName)"
        uses.append(BarIconUse(image: .named(image), role: role, bar: bar, location: location, pattern: "<barButtonItem image=>"))
      } else if name == "state", attributes["key"] == "normal", let image = attributes["image"], stack.last?.name == "button",
        let (role, outlet) = stack.lazy.reversed().compactMap({ $0.id.flatMap { barViews[$0] } }).first
      {
        // A button inside a plain view that an outlet names as a bar (`toolbar`): one of its items.
        let reference: ImageReference = attributes["catalog"] == "system" ? .system(image) : .named(image)
        uses.append(BarIconUse(image: reference, role: role, bar: "\(path) \(outlet) \(role.barName)", location: location,
                               pattern: "<button> in the view of outlet \(outlet)"))
      }
      if !selfClosing { stack.append((name, attributes["key"], attributes["id"])) }
    }
    return uses
  }

  /// The ids of the views that outlets name as bars (`<outlet property="toolbar"
  /// destination="LVl-ag-DII"/>`: a `toolbar`, `bottomToolbar`, `tabBar`, `navBar`…), with the
  /// role and the outlet's name. A `UIToolbar`, `UITabBar` or `UINavigationBar` element is read by
  /// its own tag; this finds the plain views apps draw their bars in.
  static func outletBars(_ source: SourceText) -> [String: (BarRole, String)] {
    var bars: [String: (BarRole, String)] = [:]
    for at in source.occurrences(of: "<outlet ", wordStart: false) {
      guard let end = source.occurrences(of: ">", in: at..<min(source.code.count, at + 400), wordStart: false).first else { continue }
      let attributes = Self.attributes(source.text((at + 1)..<end))
      guard let property = attributes["property"], let destination = attributes["destination"] else { continue }
      let lower = property.lowercased()
      // The bar itself, not its constraints, height or items (`toolbarHeightConstraint`).
      let role: BarRole? = lower.hasSuffix("toolbar") ? .toolbar : lower.hasSuffix("tabbar") ? .tabBar
        : lower.hasSuffix("navigationbar") || lower.hasSuffix("navbar") ? .navigationBar : nil
      if let role, bars[destination] == nil { bars[destination] = (role, property) }
    }
    return bars
  }

  /// `name="value"` pairs of a tag, XML entities of the values decoded.
  static func attributes(_ tag: String) -> [String: String] {
    var result: [String: String] = [:]
    var rest = Substring(tag)
    while let equals = rest.firstIndex(of: "=") {
      let name = rest[..<equals].split(whereSeparator: { $0.isWhitespace }).last.map(String.init) ?? ""
      var after = rest[rest.index(after: equals)...]
      guard let quote = after.first, quote == "\"" || quote == "'" else { rest = after; continue }
      after = after.dropFirst()
      guard let close = after.firstIndex(of: quote) else { break }
      result[name] = String(after[..<close]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
      rest = after[after.index(after: close)...]
    }
    return result
  }
}
