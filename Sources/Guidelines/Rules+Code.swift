// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport

public struct UnusedSelectedStateRule: Rule {
  public init() {}
  public static let description = RuleDescription(
    identifier: "unused_selected_state", name: "Unused Selected State", scope: .item,
    rationale: """
      When the audit reads the app's code (iconaudit audit APP_FOLDER), a tab bar item's \
      selected image is the one the code names (selectedImage=, UITabBarItem(…selectedImage:)). \
      An image set named like the selected state of a bar icon (tab_rooms_selected beside \
      tab_rooms) that no code uses is never shown: it is reported here instead of being paired \
      with the item and judged as its selected state. Delete it, or name it in the code.
      """,
    defaultSeverity: .info,
    examples: [
      RuleExample("a -selected set the code never names",
                  icons: [.init(id: "g0", mask: ExampleFamily.glyph(0), role: .tabBar, codeUse: CodeUse(locations: ["Main.storyboard:12"])),
                          .init(id: "g0-selected", mask: ExampleFamily.glyph(0, stroke: 3), role: .tabBar,
                                codeUse: CodeUse(unusedSelectedStateOf: "g0"))],
                  target: "g0-selected", triggers: true),
      RuleExample("the selected image the code names, whatever its name",
                  icons: [.init(id: "g0", mask: ExampleFamily.glyph(0), role: .tabBar, codeUse: CodeUse(locations: ["Main.storyboard:12"])),
                          .init(id: "g0-selected", mask: ExampleFamily.glyph(0, stroke: 3), role: .tabBar,
                                codeUse: CodeUse(locations: ["Main.storyboard:12"]))],
                  target: "g0-selected", triggers: false),
    ])

  public func check(_ context: RuleContext<Self>) -> [Finding] {
    context.icons.compactMap { icon in
      guard let item = icon.codeUse?.unusedSelectedStateOf else { return nil }
      let itemName = PathText.lastComponent(item)
      let given = context.icons.first { $0.id == item }?.codeUse?.locations.first
      return context.finding(
        icon,
        "named like the selected state of \(itemName), but no code uses it"
          + (given.map { ": the bar shows what the code at \($0) gives \(itemName)" } ?? ""),
        expected: "an image the code puts in a bar",
        fix: "delete \(PathText.lastComponent(icon.id)), or name it as \(itemName)'s selectedImage in the code")
    }
  }
}
