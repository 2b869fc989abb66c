// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport

/// Vector renders served one after the other by long-lived helper processes
/// (`RenderHelper.serverArguments`, the built executable's default): the same measurements as a
/// render in process, and a helper that crashes or runs out of time in the middle of a folder fails
/// that file alone; the files after it are rendered by a new helper, the same as before.
@Suite struct RenderServerEndToEndTests {
  /// 14 outline glyphs of different sizes and weights, as SVG.
  func writeGlyphs(_ scratch: Scratch, in folder: String) throws {
    for i in 0..<14 {
      let body = ##"<circle cx="12" cy="12" r="\##(3 + i % 7)" fill="none" stroke="#000" stroke-width="\##(1 + Double(i % 3) * 0.5)"/>"##
        + (i.isMultiple(of: 2) ? ##"<path d="M4 20h\##(4 + i)" stroke="#000" stroke-width="2"/>"## : "")
      try scratch.file("\(folder)/glyph\(String(format: "%02d", i)).svg", svg(body))
    }
  }

  /// Each icon's JSON object of `measure --format json`, by id.
  func measured(_ run: Run) throws -> [String: NSDictionary] {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let icons = try #require(json["icons"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: icons.map { ($0["id"] as? String ?? "", $0 as NSDictionary) })
  }

  @Test func servedRendersEqualRendersInProcess() throws {
    let scratch = try Scratch("render-server-e2e")
    try writeGlyphs(scratch, in: "Toolbar")
    let served = try iconaudit(["measure", "--format", "json", "--no-cache", scratch.path + "/Toolbar"])
    let inProcess = try iconaudit(["measure", "--format", "json", "--no-cache", "--render-timeout", "0", scratch.path + "/Toolbar"])
    #expect(served.status == 0 && inProcess.status == 0, "\(served.stderr) \(inProcess.stderr)")
    #expect(served.stdout == inProcess.stdout)
    #expect(try measured(served).count == 14)
  }

  @Test func aCrashOrATimeoutInTheMiddleFailsThatFileAlone() throws {
    let scratch = try Scratch("render-server-failures-e2e")
    try writeGlyphs(scratch, in: "Toolbar")
    // librsvg 2.54.7 (Debian 12) aborts on this text (see HostileInputEndToEndTests); a later
    // librsvg may render it.
    try scratch.file("Toolbar/glyph04a.svg", svg(#"<g font-size="1000em"><text x="2" y="15" font-size="1000em">Ab</text></g>"#,
                                                size: #"width="46" height="20""#))
    var filters = "", groups = ""
    for i in 0..<40 {
      filters += "<filter id=\"f\(i)\"><feGaussianBlur stdDeviation=\"\(50 + i)\"/></filter>"
      groups += "<g filter=\"url(#f\(i))\"><rect x=\"\(i)\" y=\"\(i)\" width=\"3000\" height=\"3000\"/></g>"
    }
    try scratch.file("Toolbar/glyph09a.svg", svg("<defs>\(filters)</defs>\(groups)", size: #"width="4000" height="4000""#))
    let run = try iconaudit(["measure", "--format", "json", "--no-cache", "--render-timeout", "1", scratch.path + "/Toolbar"])
    #expect(run.status == 2)
    let slow = "iconaudit: \(scratch.path)/Toolbar/glyph09a.svg: rendering stopped (took longer than 1 s, the render time limit)"
    let crash = "iconaudit: \(scratch.path)/Toolbar/glyph04a.svg: rendering stopped (the renderer stopped with signal 6 "
      + "(a crash in the vector library, or over the memory limit of 4096 MiB))"
    #expect(run.errorLines == [crash, slow] || run.errorLines == [slow], "\(run.errorLines)")

    // Every other glyph is measured as a render in process measures it.
    let alone = try Scratch("render-server-alone-e2e")
    try writeGlyphs(alone, in: "Toolbar")
    let reference = try iconaudit(["measure", "--format", "json", "--no-cache", "--render-timeout", "0", alone.path + "/Toolbar"])
    var icons = try measured(run)
    icons["glyph04a"] = nil
    #expect(icons == (try measured(reference)))
  }
}
