// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconMetrics
import IconRaster
import Testing
import TestSupport

/// What rendering a vector document came to.
enum VectorOutcome: Equatable, CustomStringConvertible {
  case rendered(width: Int, height: Int, ink: Double)
  case malformedSVG(String), malformedPDF(String), tooLarge, renderAborted(String), other(String)

  init(svg: String, scale: Double = 2, limits: DecodeLimits = .default) {
    self.init(svg: Array(svg.utf8), scale: scale, limits: limits)
  }

  init(svg bytes: [UInt8], scale: Double = 2, limits: DecodeLimits = .default) {
    self.init(path: "case.svg") { () throws(RasterError) in
      try VectorRenderer.renderSVG(bytes, path: "case.svg", scale: scale, limits: limits)
    }
  }

  init(pdf bytes: [UInt8], scale: Double = 2, limits: DecodeLimits = .default) {
    self.init(path: "case.pdf") { () throws(RasterError) in
      try VectorRenderer.renderPDF(bytes, path: "case.pdf", scale: scale, limits: limits)
    }
  }

  init(path: String, _ render: () throws(RasterError) -> RGBAImage) {
    do {
      let image = try render()
      let mask = image.alphaMask
      self = .rendered(width: image.width, height: image.height, ink: (mask.inkPx * 100).rounded() / 100)
    } catch {
      #expect(error.path == path && error.description.hasPrefix(path + ": "), "the error names the file")
      #expect(!error.reason.contains("\n"), "one line")
      switch error {
      case .malformedSVG(_, let detail): self = .malformedSVG(detail)
      case .malformedPDF(_, let detail): self = .malformedPDF(detail)
      case .tooLarge: self = .tooLarge
      case .renderAborted(_, let detail): self = .renderAborted(detail)
      default: self = .other(error.reason)
      }
    }
  }

  var description: String {
    switch self {
    case .rendered(let w, let h, let ink): return "rendered \(w)×\(h) ink \(ink)"
    case .malformedSVG(let d): return "malformedSVG(\(d))"
    case .malformedPDF(let d): return "malformedPDF(\(d))"
    case .tooLarge: return "tooLarge"
    case .renderAborted(let d): return "renderAborted(\(d))"
    case .other(let d): return "other(\(d))"
    }
  }

  func detail(contains text: String) -> Bool {
    switch self {
    case .malformedSVG(let d), .malformedPDF(let d), .renderAborted(let d), .other(let d): return d.contains(text)
    default: return false
    }
  }
}

let svgHeader = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#

/// A 24×24 pt SVG with `body` inside.
func svg(_ body: String, size: String = #"width="24" height="24""#) -> String {
  "\(svgHeader) \(size)>\(body)</svg>"
}

/// A 16 pt disk at 2 px/pt: the ink of a clean render.
let diskInk = VectorOutcome(svg: svg(#"<circle cx="12" cy="12" r="8"/>"#))

@Suite struct MalformedSVGTests {
  @Test func referenceDisk() {
    guard case .rendered(48, 48, let ink) = diskInk else { Issue.record("\(diskInk)"); return }
    #expect(abs(ink - Double.pi * 256) < 3)
  }

  /// Entity expansion: nested ("billion laughs") and wide ("quadratic blowup"); libxml2 refuses both.
  @Test func entityExpansion() {
    var entities = #"<!ENTITY a "aaaaaaaaaa">"#
    for (previous, name) in zip("abcdefgh", "bcdefghi") {
      entities += "<!ENTITY \(name) \"\(String(repeating: "&\(previous);", count: 10))\">"
    }
    let laughs = #"<?xml version="1.0"?><!DOCTYPE svg [\#(entities)]>"# + svg("<text>&i;</text>")
    let started = Date()
    let outcome = VectorOutcome(svg: laughs)
    #expect(outcome.detail(contains: "entity reference loop") || outcome.detail(contains: "entity"), "\(outcome)")
    let wide = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "\#(String(repeating: "a", count: 50_000))">]>"#
      + svg("<text>" + String(repeating: "&a;", count: 20_000) + "</text>")
    let quadratic = VectorOutcome(svg: wide)
    #expect(quadratic.detail(contains: "entity") || quadratic.detail(contains: "amplification"), "\(quadratic)")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// The entity preflight lets ordinary entity use through (Illustrator declares its namespaces as
  /// entities) and refuses loops and declarations hidden in parameter entities.
  @Test func entityPreflight() {
    let illustrator = #"""
      <?xml version="1.0" encoding="utf-8"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
        <!ENTITY ns_svg "http://www.w3.org/2000/svg">
        <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
        <!-- a comment with ]> inside -->
        <!ENTITY st0 "fill:#000;">
      ]>
      <svg version="1.1" xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" width="24" height="24"><circle style="&st0;" cx="12" cy="12" r="8"/></svg>
      """#
    #expect(SVGPreflight.problem(Array(illustrator.utf8)) == nil)
    #expect(VectorOutcome(svg: illustrator) == diskInk)
    let loop = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "&b;"><!ENTITY b "&a;">]>"# + svg("<text>&a;</text>")
    #expect(SVGPreflight.problem(Array(loop.utf8)) == "its entities refer to themselves (an entity reference loop); not rendered")
    let hidden = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY % p "<!ENTITY x 'xxxxxxxx'>"> %p;]>"# + svg("<text>&x;</text>")
    #expect(SVGPreflight.problem(Array(hidden.utf8)) == "its DOCTYPE declares entities through a parameter entity; not rendered")
    // Just under the limit passes the preflight (1000 × 1000 characters).
    let under = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "\#(String(repeating: "a", count: 1000))">]>"#
      + svg("<desc>" + String(repeating: "&a;", count: 1000) + "</desc>")
    #expect(SVGPreflight.problem(Array(under.utf8)) == nil)
    let over = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "\#(String(repeating: "a", count: 1000))">]>"#
      + svg("<desc>" + String(repeating: "&a;", count: 1049) + "</desc>")
    #expect(SVGPreflight.problem(Array(over.utf8))?.hasPrefix("its entities expand to more than 1048576 characters") == true)
    // Malformed DOCTYPEs do not trip the scanner.
    for text in ["<!DOCTYPE", "<!DOCTYPE svg [", "<!DOCTYPE svg [<!ENTITY", #"<!DOCTYPE svg [<!ENTITY a "unterminated"#, "<!DOCTYPE svg [<!-- ]>"] {
      _ = SVGPreflight.problem(Array(text.utf8))
    }
  }

  /// Font sizes that make librsvg 2.54.7 abort the process (a Rust assertion in its text layout, found
  /// by fuzzing) are refused before rendering, in any unit and syntax; ordinary ones pass.
  @Test func absurdFontSizes() {
    let refused = [#"font-size="5555555555555555555555555526""#, #"font-size="2000000""#, #"font-size="1e400""#,
                   #"style="font-size: 30000in""#, #"style="fill:red;font-size:2e6px""#, #"font-size='100000.5'"#,
                   #"style="font: italic bold 2500000px/2 serif""#, #"font-size="7000em""#, #"font-size="70000000%""#]
    for attribute in refused {
      let document = svg(#"<text x="2" y="15" \#(attribute)>Ab</text>"#)
      #expect(VectorOutcome(svg: document).detail(contains: "beyond what text layout handles"), "\(attribute)")
    }
    let sheet = svg(#"<style>text { font-family: "Font 9999999"; font-size : 3000000px }</style><text>Ab</text>"#)
    #expect(VectorOutcome(svg: sheet).detail(contains: "beyond what text layout handles"))
    let fine = [#"font-size="12""#, #"style="font-size:1000px;font-weight:900""#, #"font-family="Font2000000""#,
                #"style="font: 12px/1.5 'Noto 5000000'""#, #"font-size="400%""#, #"font-size="99999""#]
    for attribute in fine {
      let document = svg(#"<text x="2" y="15" \#(attribute)>Ab</text>"#)
      #expect(SVGPreflight.problem(Array(document.utf8)) == nil, "\(attribute)")
    }
  }

  /// External entities (a local file, a URL) are never loaded.
  @Test func externalEntities() {
    for target in ["file:///etc/passwd", "http://127.0.0.1:9/x.xml", "/etc/hostname"] {
      let document = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "\#(target)">]>"# + svg("<text>&x;</text>")
      let outcome = VectorOutcome(svg: document)
      #expect(outcome.detail(contains: "XML parse error") && outcome.detail(contains: "Entity 'x' not defined"), "\(target): \(outcome)")
    }
    // A parameter entity pulling an external DTD.
    let dtd = #"<?xml version="1.0"?><!DOCTYPE svg SYSTEM "file:///etc/passwd">"# + svg(#"<circle cx="12" cy="12" r="8"/>"#)
    #expect(VectorOutcome(svg: dtd) == diskInk)
  }

  /// Deep nesting: libxml2 stops at 256 levels; below that, librsvg renders.
  @Test func deepNesting() {
    let deep = svg(String(repeating: "<g>", count: 5000) + #"<circle cx="12" cy="12" r="8"/>"# + String(repeating: "</g>", count: 5000))
    #expect(VectorOutcome(svg: deep).detail(contains: "Excessive depth in document: 256"), "\(VectorOutcome(svg: deep))")
    let fine = svg(String(repeating: "<g>", count: 200) + #"<circle cx="12" cy="12" r="8"/>"# + String(repeating: "</g>", count: 200))
    #expect(VectorOutcome(svg: fine) == diskInk)
  }

  /// `<use>` that refers to itself, in a cycle, or fans out exponentially ("billion laughs" of elements).
  @Test func useReferences() {
    #expect(VectorOutcome(svg: svg(##"<use id="a" xlink:href="#a"/><circle cx="12" cy="12" r="8"/>"##)) == diskInk)
    #expect(VectorOutcome(svg: svg(##"<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g><circle cx="12" cy="12" r="8"/>"##)) == diskInk)
    var defs = #"<rect id="l0" width="1" height="1"/>"#
    for level in 1...9 {
      defs += "<g id=\"l\(level)\">" + String(repeating: "<use xlink:href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
    }
    let started = Date()
    let fanOut = VectorOutcome(svg: svg("<defs>\(defs)</defs><use xlink:href=\"#l9\"/>"))
    // A guard against an exponential fan-out (10⁹ elements would take hours), not a speed test:
    // alone it takes about 4 s, and 10 s failed on a loaded 2-core machine (10.4–12.2 s).
    #expect(Date().timeIntervalSince(started) < 60, "\(fanOut)")
    #expect(fanOut == .malformedSVG("exceeded more than 500000 referenced elements"), "librsvg's own limit")
  }

  /// Sizes: too large for the limits, beyond Int, not finite, zero, negative, missing.
  @Test func sizes() {
    #expect(VectorOutcome(svg: svg("", size: #"width="100000" height="24""#)) == .tooLarge)
    #expect(VectorOutcome(svg: svg("", size: #"width="9000" height="9000""#)) == .tooLarge, "18000 px a side at 2×")
    #expect(VectorOutcome(svg: svg("", size: #"width="4097" height="4096""#)) == .tooLarge, "64 M px is the limit; 8194×8192 at 2×")
    for size in [#"width="1e19" height="24""#, #"viewBox="0 0 1e30 1e30""#, #"width="24" height="1e30""#] {
      #expect(VectorOutcome(svg: svg("", size: size)).detail(contains: "far over the limit"), "\(size)")
    }
    for size in [#"width="1e400" height="24""#, #"width="24" height="1e300""#, #"width="0" height="24""#, #"width="-5" height="24""#, "",
                 #"viewBox="0 0 0 0""#, #"width="abc" height="x""#] {
      let outcome = VectorOutcome(svg: svg("", size: size))
      #expect(outcome == .malformedSVG("the SVG has no usable size (needs a positive width and height, or a viewBox)"), "\(size): \(outcome)")
    }
    // A huge viewBox with a sane size renders (scaled down).
    #expect(VectorOutcome(svg: svg("", size: #"width="24" height="24" viewBox="0 0 1e9 1e9""#)) == .rendered(width: 48, height: 48, ink: 0))
  }

  /// External images (a local file, a URL, a path that climbs out) are not loaded; scripts do not run.
  @Test func externalReferencesAndScripts() throws {
    let disk = #"<circle cx="12" cy="12" r="8"/>"#
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-ext-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let opaque = TestPNG(width: 4, height: 4, colorType: 6, bitDepth: 8, pixels: Array(repeating: [0, 0, 0, 255], count: 16))
    try Data(opaque.encoded()).write(to: URL(fileURLWithPath: folder + "/secret.png"))
    for href in ["file://\(folder)/secret.png", "\(folder)/secret.png", "../secret.png", "secret.png", "http://127.0.0.1:9/a.png",
                 "data:image/svg+xml;utf8,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Cimage href='file:///etc/hosts'/%3E%3C/svg%3E"] {
      let body = "<image xlink:href=\"\(href)\" width=\"24\" height=\"24\"/>" + disk
      #expect(VectorOutcome(svg: svg(body)) == diskInk, "\(href)")
    }
    let scripted = svg(#"<script>alert(1)</script><circle cx="12" cy="12" r="8" onload="alert(2)"/><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://127.0.0.1:9/"/></foreignObject>"#)
    #expect(VectorOutcome(svg: scripted) == diskInk)
    // A CSS @import and a url() font are not fetched either.
    let styled = svg(#"<style>@import url(http://127.0.0.1:9/a.css); circle { fill: black }</style>"# + disk)
    #expect(VectorOutcome(svg: styled) == diskInk)
  }

  @Test func notSVG() throws {
    #expect(VectorOutcome(svg: "") == .malformedSVG("empty SVG document"))
    #expect(VectorOutcome(svg: "<svg").detail(contains: "XML parse error"))
    #expect(VectorOutcome(svg: "<html><body/></html>") == .malformedSVG("XML does not have <svg> root"))
    let png = TestPNG(width: 2, height: 2, colorType: 6, bitDepth: 8, pixels: Array(repeating: [0, 0, 0, 255], count: 4)).encoded()
    #expect(VectorOutcome(svg: png).detail(contains: "XML parse error"))
    let jpeg = try [UInt8](Data(contentsOf: corpusFile("photo.jpg")))
    #expect(VectorOutcome(svg: jpeg).detail(contains: "XML parse error"))
  }

  /// The symbol-template path (symbol sets) with hostile glyph geometry.
  @Test func symbolTemplateGeometry() {
    for path in ["M0 0h1e30v1e30z", "M0 0h1e300v10z"] {
      let template = svg(#"<g id="Regular-M"><path d="\#(path)"/></g>"#, size: #"width="800" height="600""#)
      let outcome = VectorOutcome(path: "case.svg") { () throws(RasterError) in
        try SymbolRenderer.render(Array(template.utf8), path: "case.svg", scale: 2)
      }
      switch outcome {
      case .renderAborted, .tooLarge, .malformedSVG: break
      default: Issue.record("\(path): \(outcome)")
      }
    }
  }
}

@Suite struct MalformedPDFTests {
  static let square = VectorOutcome(pdf: makePDF())

  @Test func referenceSquare() {
    #expect(Self.square == .rendered(width: 48, height: 48, ink: 1024))
  }

  @Test func truncated() {
    let pdf = makePDF()
    // Cut anywhere after the header: poppler reports the document as damaged.
    for cut in [pdf.count - 30, pdf.count / 2, 260, 40] {
      #expect(VectorOutcome(pdf: Array(pdf.prefix(cut))) == .malformedPDF("PDF document is damaged"), "cut at \(cut)")
    }
    // Only the header.
    #expect(VectorOutcome(pdf: Array("%PDF-1.4\n".utf8)).detail(contains: "PDF document is damaged"))
    #expect(VectorOutcome(pdf: []) == .malformedPDF("empty PDF file"))
  }

  /// An /Encrypt dictionary whose user password is not empty: poppler cannot open it.
  @Test func encrypted() {
    let u = String(repeating: "A1", count: 32), o = String(repeating: "B2", count: 32)
    var pdf = makePDF(trailerExtra: "/Encrypt 5 0 R /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]")
    // Append the encryption dictionary as object 5 (poppler finds it by reconstructing the xref).
    let encrypt = "5 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -4 >>\nendobj\n"
    pdf.insert(contentsOf: Array(encrypt.utf8), at: Array(pdf).firstRange(of: Array("xref".utf8))!.lowerBound)
    let outcome = VectorOutcome(pdf: pdf)
    #expect(outcome.detail(contains: "encrypted") || outcome.detail(contains: "Encrypted") || outcome.detail(contains: "password"),
            "\(outcome)")
  }

  @Test func noPages() {
    #expect(VectorOutcome(pdf: makePDF(pages: "/Kids [] /Count 0")) == .malformedPDF("the PDF has no page"))
    #expect(VectorOutcome(pdf: makePDF(pages: "/Count 1")) == .malformedPDF("the PDF has no page"))
  }

  @Test func pageSizes() {
    #expect(VectorOutcome(pdf: makePDF(mediaBox: "0 0 100000 24")) == .tooLarge)
    #expect(VectorOutcome(pdf: makePDF(mediaBox: "0 0 10000000000000000000 24")).detail(contains: "far over the limit"))
    // Values poppler rejects fall back to US Letter (612×792 pt): rendered, empty where the square is off the page.
    if case .rendered(1224, 1584, _) = VectorOutcome(pdf: makePDF(mediaBox: "0 0 1e300 1e300")) {} else {
      Issue.record("\(VectorOutcome(pdf: makePDF(mediaBox: "0 0 1e300 1e300")))")
    }
    // A negative box is normalised.
    if case .rendered(48, 48, _) = VectorOutcome(pdf: makePDF(mediaBox: "24 24 0 0")) {} else {
      Issue.record("\(VectorOutcome(pdf: makePDF(mediaBox: "24 24 0 0")))")
    }
    // A zero-area page.
    #expect(VectorOutcome(pdf: makePDF(mediaBox: "0 0 0 24")) != Self.square)
  }
}
