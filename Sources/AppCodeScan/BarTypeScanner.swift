// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the images a view named as a bar draws (`struct ComposeToolbarView: View`,
/// `class PlayerToolbar: UIToolbar`, `extension SettingsNavigationBar`): the images a SwiftUI
/// view's declaration makes (`Image(…)`), and for any such type, declaration or extension, the
/// images returned by the computed
/// properties and functions that it calls, declared in the type or in types nested in it
/// (`ComposeToolbarView.ViewModel`, in any file), followed two calls deep. Two such members
/// chosen by a state (`isPollActive ? action.activeImage : action.inactiveImage`) that switch over
/// the same cases pair their images case by case: the active image is the item's selected image.
///
/// The bar is told by the type's name only: it ends in `Toolbar`, `ToolbarView`, `TabBar`,
/// `TabBarView`, `NavigationBar`, `NavigationBarView`, `NavBar` or `NavBarView` (`ToolBar` too),
/// and is not a system type (`UI…`, whose extensions set appearances).
///
/// - Complexity: O(n) for n bytes of the file, plus O(m) per member call for m members of that
///   name in the app.
enum BarTypeScanner {
  ///
  /// A name that is only the suffix (`TabBar`, `URLBar`) counts when `isView`: the declaration is
  /// a view (`struct TabBar: View`, `class URLBar: UIView`), not a namespace or a style.
  static func role(ofType name: String, isView: Bool = false) -> BarRole? {
    let last = name.split(separator: ".").last.map(String.init) ?? name
    guard !last.hasPrefix("UI"), !name.hasPrefix("UI") else { return nil }
    func named(_ suffix: String) -> Bool { last.hasSuffix(suffix) && (last != suffix || isView) }
    for suffix in ["Toolbar", "ToolBar", "ToolbarView", "ToolBarView"] where named(suffix) { return .toolbar }
    for suffix in ["TabBar", "TabBarView"] where named(suffix) { return .tabBar }
    for suffix in ["NavigationBar", "NavigationBarView", "NavBar", "NavBarView", "URLBar", "URLBarView", "AddressBar", "AddressBarView"]
    where named(suffix) {
      return .navigationBar
    }
    return nil
  }

  /// The names a declaration's header inherits from (`: UIView, Themeable` → `UIView`, `Themeable`).
  static func inherited(_ header: String) -> [Substring] {
    let list = header.split(separator: "{").first?.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
    return list.split(separator: " where ").first?.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }) ?? []
  }

  /// Whether a header makes a view: SwiftUI's `View`, or a UIKit view class (`UIView`, `UIStackView`, `UIControl`).
  static func isView(_ header: String) -> Bool {
    inherited(header).contains { $0 == "View" || $0 == "UIControl" || ($0.hasPrefix("UI") && $0.hasSuffix("View")) }
  }

  static func scan(_ source: SourceText, path: String, tables: SymbolTables) -> [BarIconUse] {
    var uses: [BarIconUse] = []
    // The app's accessors are followed by their owner here, not by their name alone.
    var direct = tables
    direct.accessors = [:]
    for declaration in source.topLevelDeclarations() {
      guard let role = role(ofType: declaration.name, isView: isView(declaration.header)) else { continue }
      let bar = "\(path) \(declaration.name) \(role.barName)"
      let pattern = "an image of a view named as a bar"
      // A SwiftUI view's images (`Image(…)`, `Image(uiImage: UIImage(named:))`), not every
      // `name: .x` of its code. A UIKit view named as a bar also holds what is not an item of it
      // (brave's URL bar: the colour logo of its shields button): only what its members return.
      let isSwiftUIView = inherited(declaration.header).contains { $0 == "View" }
      // The app's own views it draws with an image name (`TabButton(timeline: .home, img: "home", …)`,
      // whose body draws `Image(selected != timeline ? img : "\(img).fill")`).
      for (view, parameters) in tables.viewImageParameters where isSwiftUIView {
        for at in source.occurrences(of: view + "(", in: declaration.body) {
          guard let arguments = source.balanced(at: at + view.utf8.count) else { continue }
          for argument in source.arguments(in: arguments) {
            guard let label = argument.label, let parameter = parameters[label],
              let literal = source.strings(in: argument.value).first,
              source.text(argument.value).trimmingSpaces.hasPrefix("\""), !literal.value.contains("\\(")
            else { continue }
            uses.append(BarIconUse(image: .named(literal.value), role: role,
                                   selectedImage: parameter.selectedSuffix.map { .named(literal.value + $0) }, bar: bar,
                                   location: SourceLocation(path: path, line: source.line(at: literal.offset)),
                                   pattern: "an image name passed to \(view) in a view named as a bar"))
          }
        }
      }
      for at in source.occurrences(of: "Image(", in: declaration.body, wordStart: false) where isSwiftUIView {
        guard let arguments = source.balanced(at: at + 5) else { continue }
        for ref in ImageExpression.references(in: arguments, source, tables: direct) {
          uses.append(BarIconUse(image: ref.reference, role: role, bar: bar,
                                 location: SourceLocation(path: path, line: source.line(at: ref.offset)), pattern: pattern))
        }
      }
      // A UIKit bar view's buttons: `backButton.setImage(.backActive, for: .normal)` (the normal
      // state; a state's other images are not items).
      for at in source.occurrences(of: "setImage(", in: declaration.body, wordStart: false) where !isSwiftUIView {
        guard let arguments = source.balanced(at: at + 8) else { continue }
        let parts = source.arguments(in: arguments)
        guard let first = parts.first, first.label == nil,
          parts.dropFirst().allSatisfy({ $0.label != "for" || ["normal", "[]"].contains(stateName(source.text($0.value))) })
        else { continue }
        let colours = BarIconUse.showsOwnColours(source.text(first.value), button: true)
        for ref in ImageExpression.references(in: first.value, source, tables: tables) {
          uses.append(BarIconUse(image: ref.reference, role: role, bar: bar,
                                 location: SourceLocation(path: path, line: source.line(at: ref.offset)), pattern: "setImage(_:for:) in a view named as a bar",
                                 showsOwnColours: colours))
        }
      }
      var seen = Set<String>()
      for name in memberCalls(in: declaration.body, source) where seen.insert(name).inserted {
        for member in tables.members[name] ?? [] where related(member.owner, declaration.name) {
          for image in images(of: member, barType: declaration.name, tables: tables, depth: 0) {
            uses.append(BarIconUse(image: image.item.reference, role: role, selectedImage: image.selected?.reference, bar: bar,
                                   location: image.item.location, pattern: "an image returned by \(member.name) to a view named as a bar"))
          }
        }
      }
    }
    return uses
  }

  /// A control state as written (`.normal`, `UIControl.State.normal`, `[]`): its last name.
  static func stateName(_ text: String) -> String {
    let trimmed = text.trimmingSpaces
    return trimmed == "[]" ? trimmed : String(trimmed.split(separator: ".").last ?? "")
  }

  /// Whether a member declared in `owner` belongs to the bar type or a type nested in it.
  static func related(_ owner: String, _ barType: String) -> Bool {
    owner == barType || owner.hasPrefix(barType + ".")
  }

  /// The images a member returns: its own, and those of the members it calls (up to two calls
  /// deep), each with its selected image when two members it calls pair them by case.
  static func images(of member: SymbolTables.Member, barType: String, tables: SymbolTables, depth: Int)
    -> [(item: SymbolTables.LocatedReference, selected: SymbolTables.LocatedReference?)]
  {
    var found: [(SymbolTables.LocatedReference, SymbolTables.LocatedReference?)] = member.references.map { ($0, nil) }
    guard depth < 2 else { return found }
    let callees = member.calls.compactMap { name in
      tables.members[name]?.first { related($0.owner, barType) }
    }
    var paired = Set<String>()
    // `active ? x.activeImage : x.inactiveImage`: both switch over the same cases.
    for selected in callees where isStateName(selected.name) && !selected.cases.isEmpty {
      guard let normal = callees.first(where: { counterpart($0.name, of: selected.name) && !$0.cases.isEmpty }) else { continue }
      for (name, items) in normal.cases.sorted(by: { $0.key < $1.key }) {
        guard let item = items.first else { continue }
        let chosen = selected.cases[name]?.first
        found.append((item, chosen.flatMap { $0.reference == item.reference ? nil : $0 }))
      }
      paired.insert(selected.name)
      paired.insert(normal.name)
    }
    for callee in callees where !paired.contains(callee.name) && callee.name != member.name {
      found += images(of: callee, barType: barType, tables: tables, depth: depth + 1)
    }
    return found
  }

  /// `activeImage`, `selectedIcon`, `highlightedImage` (not `inactiveImage`, `unselectedIcon`).
  static func isStateName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["active", "selected", "highlighted"].contains { lower.contains($0) }
      && !["inactive", "unselected", "deselected", "normal"].contains { lower.contains($0) }
  }

  /// Whether `name` is the plain state of `stateName`: `inactiveImage` for `activeImage`,
  /// `image` for `selectedImage`, `normalIcon` for `highlightedIcon`.
  static func counterpart(_ name: String, of stateName: String) -> Bool {
    let lower = name.lowercased(), state = stateName.lowercased()
    guard name != stateName else { return false }
    for word in ["active", "selected", "highlighted"] where state.contains(word) {
      let base = state.replacingOccurrences(of: word, with: "")
      if lower == base || lower == state.replacingOccurrences(of: word, with: "in" + word)
        || lower == state.replacingOccurrences(of: word, with: "un" + word) || lower == state.replacingOccurrences(of: word, with: "normal")
      {
        return true
      }
    }
    return false
  }

  /// The names of the members called in `range`: the last name of each chain that is called
  /// (`viewModel.image(for: action)` → `image`) or reached through a dot (`action.activeImage`).
  static func memberCalls(in range: Range<Int>, _ source: SourceText) -> [String] {
    let code = source.code
    var names: [String] = []
    var i = range.lowerBound
    while i < range.upperBound {
      let b = code[i]
      if b == UInt8(ascii: "\"") { i = SourceText.stringEnd(code, i); continue }
      guard SourceText.isIdentifier(b), i == 0 || !SourceText.isIdentifier(code[i - 1]) else { i += 1; continue }
      let dotted = i > 0 && code[i - 1] == UInt8(ascii: ".")
      var k = i
      while k < range.upperBound && SourceText.isIdentifier(code[k]) { k += 1 }
      let called = k < range.upperBound && code[k] == UInt8(ascii: "(")
      if (dotted || called), code[i] >= UInt8(ascii: "a"), code[i] <= UInt8(ascii: "z") { names.append(source.text(i..<k)) }
      i = k
    }
    return names
  }
}
