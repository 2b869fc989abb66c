// SPDX-License-Identifier: GPL-3.0-or-later

/// Finds the places where UIKit code (Swift or Objective-C) puts an image in a bar:
/// `UITabBarItem(title:image:selectedImage:)` and `initWithTitle:image:selectedImage:`,
/// `tabBarItem.image = …` / `.selectedImage = …` (paired by their receiver), `UIBarButtonItem(image:…)`
/// and `initWithImage:`, and `setImage(…)` on a button of a view whose name says it is a bar
/// (`toolbar.backButton.setImage(…)`). A bar button item's bar is the toolbar when the item (or
/// the function that makes it) goes into `toolbarItems`, `setToolbarItems` or a toolbar's
/// `items`, else the navigation bar.
///
/// - Complexity: O(n) per pattern for n bytes, plus one search of the file per bar button item
///   stored in a variable.
enum CodeBarScanner {
  static func scan(_ source: SourceText, path: String, objectiveC: Bool, tables: SymbolTables) -> [BarIconUse] {
    var uses: [BarIconUse] = []
    func add(_ range: Range<Int>, role: BarRole, selected: Range<Int>? = nil, pattern: String) {
      let refs = ImageExpression.references(in: range, source, tables: tables)
      let selectedRefs = selected.map { ImageExpression.references(in: $0, source, tables: tables) } ?? []
      // Two names from one expression chosen by a selection flag (`selected ? "a-selected" : "a"`):
      // the first is the selected image.
      if selected == nil, refs.count == 2, role == .tabBar || role == .toolbar,
        case .named = refs[0].reference, stateFlag(in: range, source)
      {
        uses.append(use(refs[1], role: role, selected: refs[0].reference, pattern: pattern))
        return
      }
      for (index, ref) in refs.enumerated() {
        uses.append(use(ref, role: role, selected: index == 0 ? selectedRefs.first?.reference : nil, pattern: pattern))
      }
      if refs.isEmpty, let first = selectedRefs.first {
        uses.append(use(first, role: role, selected: nil, pattern: pattern))
      }
    }
    func use(_ ref: (reference: ImageReference, offset: Int), role: BarRole, selected: ImageReference?, pattern: String) -> BarIconUse {
      BarIconUse(image: ref.reference, role: role, selectedImage: selected, bar: "\(path) \(role.barName)",
                 location: SourceLocation(path: path, line: source.line(at: ref.offset)), pattern: pattern)
    }

    if objectiveC {
      for at in source.occurrences(of: "initWithTitle:") where precededBy("UITabBarItem", at, source) {
        let message = messageRange(from: at, source)
        add(objcArgument("image:", in: message, source) ?? (at..<at), role: .tabBar,
            selected: objcArgument("selectedImage:", in: message, source), pattern: "[UITabBarItem initWithTitle:image:selectedImage:]")
      }
      for at in source.occurrences(of: "initWithImage:") where precededBy("UIBarButtonItem", at, source) {
        let value = source.expression(from: at + 14, stopAtObjCLabel: true)
        add(value, role: barButtonRole(at, source), pattern: "[UIBarButtonItem initWithImage:]")
      }
    } else {
      for at in source.occurrences(of: "UITabBarItem(") {
        guard let args = source.balanced(at: at + 12) else { continue }
        let labelled = source.arguments(in: args)
        guard let image = labelled.first(where: { $0.label == "image" })?.value else { continue }
        add(image, role: .tabBar, selected: labelled.first(where: { $0.label == "selectedImage" })?.value,
            pattern: "UITabBarItem(image:)")
      }
      for at in source.occurrences(of: "UIBarButtonItem(") {
        guard let args = source.balanced(at: at + 15),
          let image = source.arguments(in: args).first(where: { $0.label == "image" })?.value
        else { continue }
        add(image, role: barButtonRole(at, source), pattern: "UIBarButtonItem(image:)")
      }
    }
    // `x.tabBarItem.image = …` and `.selectedImage = …`, paired by their receiver.
    var tabImages: [String: Int] = [:]
    for (member, selected) in [("tabBarItem.image", false), ("tabBarItem.selectedImage", true)] {
      for at in source.occurrences(of: member, wordStart: false) {
        var j = source.skipSpaces(at + member.utf8.count)
        guard j < source.code.count, source.code[j] == UInt8(ascii: "="), j + 1 < source.code.count,
          source.code[j + 1] != UInt8(ascii: "=")
        else { continue }
        j += 1
        let receiver = source.text(source.lineStart(at)..<at).trimmingSpaces
        let refs = ImageExpression.references(in: source.expression(from: j), source, tables: tables)
        guard let ref = refs.first else { continue }
        if selected, let index = tabImages[receiver] {
          uses[index].selectedImage = ref.reference
        } else if selected {
          uses.append(use(ref, role: .tabBar, selected: nil, pattern: "tabBarItem.selectedImage"))
        } else {
          tabImages[receiver] = uses.count
          uses.append(use(ref, role: .tabBar, selected: nil, pattern: "tabBarItem.image"))
        }
      }
    }
    // A button of a bar view: `toolbar.backButton.setImage(UIImage(…), for: .normal)`.
    for at in source.occurrences(of: "setImage(", wordStart: false) {
      let receiver = source.text(source.lineStart(at)..<at).lowercased()
      let role: BarRole? = receiver.contains("tabbar") ? .tabBar
        : receiver.contains("toolbar") ? .toolbar
        : receiver.contains("navigationbar") || receiver.contains("navbar") ? .navigationBar : nil
      guard let role, let args = source.balanced(at: at + 8), let first = source.arguments(in: args).first else { continue }
      add(first.value, role: role, pattern: "setImage(_:for:) on a bar's button")
    }
    return uses
  }

  /// Whether the expression chooses between two images by a state (`selected ? … : …`,
  /// `UIImage.preMealImage(selected: on)`).
  static func stateFlag(in range: Range<Int>, _ source: SourceText) -> Bool {
    let text = source.text(range).lowercased()
    return text.contains("select") || text.contains("active") || text.contains("highlight")
  }

  /// Whether `word` appears in the 100 bytes before `offset` (`[[UITabBarItem alloc] initWithTitle:`).
  static func precededBy(_ word: String, _ offset: Int, _ source: SourceText) -> Bool {
    source.text(max(0, offset - 100)..<offset).contains(word)
  }

  /// An Objective-C message from `offset` to its closing `]` (bounded).
  static func messageRange(from offset: Int, _ source: SourceText) -> Range<Int> {
    var depth = 0, i = offset
    let end = min(source.code.count, offset + SourceText.maximumSpan)
    while i < end {
      let b = source.code[i]
      if b == UInt8(ascii: "\"") { i = SourceText.stringEnd(source.code, i); continue }
      if b == UInt8(ascii: "[") || b == UInt8(ascii: "(") { depth += 1 }
      if b == UInt8(ascii: "]") || b == UInt8(ascii: ")") {
        if depth == 0 { break }
        depth -= 1
      }
      if b == UInt8(ascii: ";") && depth == 0 { break }
      i += 1
    }
    return offset..<i
  }

  /// The value of a labelled argument of an Objective-C message (`image:` but not `selectedImage:`).
  static func objcArgument(_ label: String, in message: Range<Int>, _ source: SourceText) -> Range<Int>? {
    for at in source.occurrences(of: label, in: message) {
      let value = source.expression(from: at + label.utf8.count, stopAtObjCLabel: true)
      return value.lowerBound..<min(value.upperBound, message.upperBound)
    }
    return nil
  }

  /// The bar a bar button item made at `offset` goes into: the toolbar when the statement, the
  /// variable it is stored in, or the function that makes it is used with `toolbarItems`,
  /// `setToolbarItems`, `toolbar…items`; else the navigation bar.
  static func barButtonRole(_ offset: Int, _ source: SourceText) -> BarRole {
    let lineStart = source.lineStart(offset)
    let before = source.text(lineStart..<offset)
    if let role = role(ofLine: before) { return role }
    var names: [String] = []
    // `let name = UIBarButtonItem(`, `self.name = [[UIBarButtonItem alloc]`, `name = …`
    if let equals = before.lastIndex(of: "=") {
      let left = String(before[..<equals]).trimmingSpaces
      if let name = left.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last { names.append(String(name)) }
    }
    // The function that makes it (`func makePreMealItem(…) -> UIBarButtonItem`).
    let funcs = source.occurrences(of: "func ", in: max(0, offset - 3000)..<offset)
    if let last = funcs.last, let name = source.text((last + 5)..<min(offset, last + 80)).split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).first {
      names.append(String(name))
    }
    let generic: Set<String> = ["item", "button", "self", "let", "var", "barButtonItem"]
    for name in names where !generic.contains(name) && name.count > 2 {
      for at in source.occurrences(of: name) where source.line(at: at) != source.line(at: offset) {
        let end = at + name.utf8.count
        guard end >= source.code.count || !SourceText.isIdentifier(source.code[end]) else { continue }
        let line = source.text(source.lineStart(at)..<min(source.code.count, end + 80))
        if let role = role(ofLine: line) { return role }
        // Inside an array literal whose line names the bar (`toolbarItems = [\n a,\n b ]`).
        if let open = openBracket(before: at, source), let role = role(ofLine: source.text(source.lineStart(open)..<open)) {
          return role
        }
      }
    }
    return .navigationBar
  }

  static func role(ofLine text: String) -> BarRole? {
    let lower = text.lowercased()
    if lower.contains("navigationitem") || lower.contains("barbuttonitems") || lower.contains("rightbarbuttonitem")
      || lower.contains("leftbarbuttonitem")
    {
      return .navigationBar
    }
    if lower.contains("toolbaritems") || lower.contains("toolbar") || lower.contains("setitems") { return .toolbar }
    return nil
  }

  /// The unclosed `[` nearest before `offset` within 600 bytes.
  static func openBracket(before offset: Int, _ source: SourceText) -> Int? {
    var depth = 0, i = offset - 1
    while i >= 0 && offset - i < 600 {
      let b = source.code[i]
      if b == UInt8(ascii: "]") { depth += 1 }
      if b == UInt8(ascii: "[") {
        if depth == 0 { return i }
        depth -= 1
      }
      i -= 1
    }
    return nil
  }
}

extension BarRole {
  /// How a bar of this role is named in ``BarIconUse/bar``.
  var barName: String {
    switch self {
    case .tabBar: "tab bar"
    case .toolbar: "toolbar"
    case .navigationBar: "navigation bar"
    }
  }
}
