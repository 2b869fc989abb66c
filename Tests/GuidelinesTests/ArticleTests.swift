// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import Guidelines

/// Messages say "an outline icon", "a filled icon", "an 8 pt stroke" (issue 16, pattern 10).
struct ArticleTests {
  @Test(arguments: [
    ("outline", "an"), ("filled", "a"), ("icon", "an"), ("tab bar", "a"), ("toolbar", "a"),
    ("unknown", "an"), ("unit", "a"), ("user", "a"), ("one", "a"),
    ("8", "an"), ("8.5", "an"), ("80", "an"), ("11", "an"), ("18.2", "an"), ("11000", "an"),
    ("1", "a"), ("25", "a"), ("110", "a"), ("2", "a"), ("18×18 pt", "an"), ("25×25 pt", "a"),
  ])
  func articles(phrase: String, expected: String) {
    #expect(article(phrase) == expected, "\(phrase)")
  }

  @Test func styleMismatchSaysAnOutlineIcon() {
    #expect(withArticle("outline") + " icon" == "an outline icon")
  }
}
