// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport
import Testing

@Suite struct PathTextTests {
  @Test func parentAndLast() {
    #expect(PathText.parent("x") == "")
    #expect(PathText.parent("a/x") == "a")
    #expect(PathText.parent("/x") == "/")
    #expect(PathText.parent("a/b/c.png") == "a/b")
    #expect(PathText.parent("a/b/") == "a")
    #expect(PathText.lastComponent("a/b/c.png") == "c.png")
    #expect(PathText.lastComponent("x") == "x")
  }
}
