// SPDX-License-Identifier: GPL-3.0-or-later
import Guidelines
import IconMetrics
import IconRaster
import Testing

@Suite struct StatePairingTests {
  static let metrics = MetricsEngine.measure(AlphaMask(width: 4, height: 4))

  func pairs(_ ids: [String], suffixes: [String] = AuditConfiguration().selectedSuffixes) -> [String: String] {
    let icons = ids.map { AuditIcon(id: $0, path: $0 + ".png", role: .tabBar, scale: 1, widthPx: 4, heightPx: 4, metrics: Self.metrics) }
    var result: [String: String] = [:]
    for icon in StatePairing.assign(icons, suffixes: suffixes) where icon.state == .selected { result[icon.id] = icon.itemId }
    return result
  }

  @Test func anySeparatorAndCaseStandForTheSuffixes() {
    #expect(pairs(["Toolbar/Pre-Meal", "Toolbar/Pre-Meal Selected"]) == ["Toolbar/Pre-Meal Selected": "Toolbar/Pre-Meal"])
    #expect(pairs(["a/star", "a/star_SELECTED", "a/home", "a/home.Selected", "a/poll", "a/poll Fill", "a/mic", "a/mic-Active"])
            == ["a/star_SELECTED": "a/star", "a/home.Selected": "a/home", "a/poll Fill": "a/poll", "a/mic-Active": "a/mic"])
    // A filled state named for its fill (Rocket.Chat's favourite toggle, `Star` and `Star-Filled`).
    #expect(pairs(["NavigationBar/Star", "NavigationBar/Star-Filled", "b/bell", "b/bell_filled"])
            == ["NavigationBar/Star-Filled": "NavigationBar/Star", "b/bell_filled": "b/bell"])
    // A suffix without a separator is matched as written, in any case.
    #expect(pairs(["tab", "tabSelected"], suffixes: ["Selected"]) == ["tabSelected": "tab"])
    #expect(pairs(["tab", "tabselected"], suffixes: ["Selected"]) == ["tabselected": "tab"])
  }

  @Test func whatDoesNotPair() {
    // No unselected twin, another folder, no separator before the word, the word alone.
    #expect(pairs(["bookmark-fill", "a/star", "b/star-selected", "starselected", "star", "selected", "a/selected"]).isEmpty)
    // The twin's name must be as written.
    #expect(pairs(["pre-meal", "Pre-Meal Selected"]).isEmpty)
    // The longest suffix first.
    #expect(pairs(["x", "x-selected.fill", "x-selected"], suffixes: [".fill", "-selected.fill", "-selected"])
            == ["x-selected.fill": "x", "x-selected": "x"])
  }
}
