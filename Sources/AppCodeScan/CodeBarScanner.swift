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
    func add(_ range: Range<Int>, role: BarRole, selected: Range<Int>? = nil, pattern: String, pairStates: Bool = false,
             button: Bool = false) {
      let colours = BarIconUse.showsOwnColours(source.text(range), button: button)
      let refs = ImageExpression.references(in: range, source, tables: tables)
      let selectedRefs = selected.map { ImageExpression.references(in: $0, source, tables: tables) } ?? []
      // Two names from one expression chosen by a selection flag (`selected ? "a-selected" : "a"`):
      // the first is the selected image. (In the navigation bar, only where one item's image is
      // set so: an initializer's choice there is between two items.)
      if selected == nil, refs.count == 2, role == .tabBar || role == .toolbar || pairStates,
        case .named = refs[0].reference, stateFlag(in: range, source)
      {
        var made = use(refs[1], role: role, selected: refs[0].reference, pattern: pattern, colours: colours)
        made.selectedShowsOwnColours = colours
        uses.append(made)
        return
      }
      let selectedColours = selected.map { BarIconUse.showsOwnColours(source.text($0), button: button) } ?? false
      for (index, ref) in refs.enumerated() {
        var made = use(ref, role: role, selected: index == 0 ? selectedRefs.first?.reference : nil, pattern: pattern, colours: colours)
        made.selectedShowsOwnColours = index == 0 && selectedColours
        uses.append(made)
      }
      if refs.isEmpty, let first = selectedRefs.first {
        uses.append(use(first, role: role, selected: nil, pattern: pattern))
      }
    }
    func use(_ ref: (reference: ImageReference, offset: Int), role: BarRole, selected: ImageReference?, pattern: String,
             colours: Bool = false) -> BarIconUse {
      BarIconUse(image: ref.reference, role: role, selectedImage: selected, bar: "\(path) \(role.barName)",
                 location: SourceLocation(path: path, line: source.line(at: ref.offset)), pattern: pattern, showsOwnColours: colours)
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
        guard let args = source.balanced(at: at + 15) else { continue }
        let arguments = source.arguments(in: args)
        if let image = arguments.first(where: { $0.label == "image" })?.value {
          add(image, role: barButtonRole(at, source), pattern: "UIBarButtonItem(image:)")
        } else if let view = arguments.first(where: { $0.label == "customView" })?.value {
          // A button as the item's view: the image it shows in its normal state.
          for range in buttonImageRanges(view, source) {
            add(range, role: barButtonRole(at, source), pattern: "UIBarButtonItem(customView:)", button: true)
          }
        }
      }
      // `item.image = …` on a bar button item (`let item = UIBarButtonItem()`, `_ item: UIBarButtonItem`);
      // two images chosen by a state (`isAllSelected ? UIImage(named: "allSelected") : …`) are
      // the selected and the plain image.
      for at in source.occurrences(of: ".image", wordStart: false) {
        let j = source.skipSpaces(at + 6)
        guard j + 1 < source.code.count, source.code[j] == UInt8(ascii: "="), source.code[j + 1] != UInt8(ascii: "="),
          at > 0, SourceText.isIdentifier(source.code[at - 1]), let (receiver, _) = source.identifier(before: at),
          let declaration = barButtonItemDeclaration(receiver, source)
        else { continue }
        add(continuedExpression(from: j + 1, source), role: barButtonRole(declaration, source), pattern: "UIBarButtonItem.image",
            pairStates: true)
      }
    }
    // `x.tabBarItem.image = …` and `.selectedImage = …`, in file order: a selected image pairs
    // with the image set last before it on the same receiver (`nav.` in each of several functions).
    var tabImages: [String: Int] = [:]
    let tabAssignments = [("tabBarItem.image", false), ("tabBarItem.selectedImage", true)].flatMap { member, selected in
      source.occurrences(of: member, wordStart: false).map { (at: $0, member: member, selected: selected) }
    }.sorted { $0.at < $1.at }
    for (at, member, selected) in tabAssignments {
      var j = source.skipSpaces(at + member.utf8.count)
      guard j < source.code.count, source.code[j] == UInt8(ascii: "="), j + 1 < source.code.count,
        source.code[j + 1] != UInt8(ascii: "=")
      else { continue }
      j += 1
      let receiver = source.text(source.lineStart(at)..<at).trimmingSpaces
      let expression = source.expression(from: j)
      let refs = ImageExpression.references(in: expression, source, tables: tables)
      guard let ref = refs.first else { continue }
      let colours = BarIconUse.showsOwnColours(source.text(expression), button: false)
      if selected, let index = tabImages[receiver] {
        uses[index].selectedImage = ref.reference
        uses[index].selectedShowsOwnColours = colours
      } else if selected {
        uses.append(use(ref, role: .tabBar, selected: nil, pattern: "tabBarItem.selectedImage", colours: colours))
      } else {
        tabImages[receiver] = uses.count
        uses.append(use(ref, role: .tabBar, selected: nil, pattern: "tabBarItem.image", colours: colours))
      }
    }
    // A button of a bar view: `toolbar.backButton.setImage(UIImage(…), for: .normal)`.
    for at in source.occurrences(of: "setImage(", wordStart: false) {
      let receiver = source.text(source.lineStart(at)..<at).lowercased()
      let role: BarRole? = receiver.contains("tabbar") ? .tabBar
        : receiver.contains("toolbar") ? .toolbar
        : receiver.contains("navigationbar") || receiver.contains("navbar") ? .navigationBar : nil
      guard let role, let args = source.balanced(at: at + 8), let first = source.arguments(in: args).first else { continue }
      add(first.value, role: role, pattern: "setImage(_:for:) on a bar's button", button: true)
    }
    return uses
  }

  /// The expression from `start`, continued over line breaks before a ternary's `?` or `:`.
  static func continuedExpression(from start: Int, _ source: SourceText) -> Range<Int> {
    var range = source.expression(from: start)
    for _ in 0..<2 {
      let next = source.skipSpaces(range.upperBound)
      guard next < source.code.count, source.code[next] == UInt8(ascii: "?") || source.code[next] == UInt8(ascii: ":") else { break }
      range = range.lowerBound..<source.expression(from: next + 1).upperBound
    }
    return range
  }

  /// Where `name` is declared a bar button item in the file (`name: UIBarButtonItem`,
  /// `name = UIBarButtonItem(`), nil when it is not.
  static func barButtonItemDeclaration(_ name: String, _ source: SourceText) -> Int? {
    for at in source.occurrences(of: name) {
      let end = at + name.utf8.count
      guard end < source.code.count, !SourceText.isIdentifier(source.code[end]) else { continue }
      let j = source.skipSpaces(end)
      guard j < source.code.count, source.code[j] == UInt8(ascii: ":") || source.code[j] == UInt8(ascii: "=") else { continue }
      let k = source.skipSpaces(j + 1)
      if SourceText.matches(source.code, k, "UIBarButtonItem"),
        k + 15 >= source.code.count || !SourceText.isIdentifier(source.code[k + 15])
      {
        return k
      }
    }
    return nil
  }

  /// The ranges naming the image a button shows in its normal state, the button given as `view`
  /// (`self.prefButton`, `leftButton`): its own `setImage(_, for: .normal)` calls, what it is
  /// made with (`UIButton(title:imageName:)`), and the `setImage` calls of the property, function
  /// or closure that makes it (`var prefButton: UIButton { … }`, `let b = setupSortButton()`).
  static func buttonImageRanges(_ view: Range<Int>, _ source: SourceText) -> [Range<Int>] {
    guard let name = ImageExpression.loneVariable(view, source) else { return [] }
    var ranges: [Range<Int>] = []
    func normalStateImages(in range: Range<Int>, receiver: String? = nil) {
      for at in source.occurrences(of: "setImage(", in: range, wordStart: false) {
        if let receiver, source.identifier(before: at - 1)?.name != receiver { continue }
        guard let args = source.balanced(at: at + 8) else { continue }
        let parts = source.arguments(in: args)
        guard let first = parts.first, first.label == nil,
          parts.dropFirst().allSatisfy({ $0.label != "for" || ["normal", "[]"].contains(BarTypeScanner.stateName(source.text($0.value))) })
        else { continue }
        ranges.append(first.value)
      }
    }
    func body(of function: String) -> Range<Int>? {
      for keyword in ["func ", "var "] {
        for at in source.occurrences(of: keyword + function) {
          guard let (declared, _, brace) = source.declaredName(after: at + keyword.utf8.count, end: source.code.count), declared == function,
            brace < source.code.count, source.code[brace] == UInt8(ascii: "{")
          else { continue }
          return source.balanced(at: brace)
        }
      }
      return nil
    }
    normalStateImages(in: 0..<source.code.count, receiver: name)
    for assignment in ImageExpression.assignments(of: name, before: view.lowerBound, source) {
      let text = source.text(assignment).trimmingSpaces
      if text.hasPrefix("UIButton(") { ranges.append(assignment) }
      if text.hasPrefix("{"), let closure = source.balanced(at: source.skipSpaces(assignment.lowerBound)) { normalStateImages(in: closure) }
      // `let sortButton = setupSortButton()`
      if let call = text.firstIndex(of: "("), text[..<call].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
        let function = text[..<call].split(separator: ".").last, let range = body(of: String(function))
      {
        normalStateImages(in: range)
      }
    }
    if let range = body(of: name) { normalStateImages(in: range) }
    return ranges
  }

  /// Whether the expression chooses between two images by a state (`selected ? … : …`,
  /// `UIImage.preMealImage(selected: on)`).
  static func stateFlag(in range: Range<Int>, _ source: SourceText) -> Bool {
    stateFlag(source.text(range))
  }

  static func stateFlag(_ text: String) -> Bool {
    let text = text.lowercased()
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
