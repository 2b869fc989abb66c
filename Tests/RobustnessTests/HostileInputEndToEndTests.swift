// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import TestSupport

/// The built `iconaudit` executable, run on hostile folders: one line per bad file naming it and the
/// problem, every good icon still audited, exit code 2, no crash, no hang.
struct Run {
  var status: Int32
  var stdout: String
  var stderr: String
  var seconds: Double
  var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// The path of the iconaudit executable built with the tests.
func iconauditPath() -> String {
  var folder = Bundle.main.bundleURL
  if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
  var executable = folder.appendingPathComponent("iconaudit")
  if !FileManager.default.isExecutableFile(atPath: executable.path) {
    executable = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("iconaudit")
  }
  return executable.path
}

func iconaudit(_ arguments: [String], in directory: String? = nil) throws -> Run {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: iconauditPath())
  process.arguments = arguments
  process.environment = ToolEnvironment.isolated
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  let out = Pipe(), err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let started = Date()
  try process.run()
  // Read both pipes concurrently: a large report must not block the tool on a full pipe.
  nonisolated(unsafe) var errData = Data()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
             stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(started))
}

/// A family of clean 25 pt glyphs at @2x (rings, squares, a bar), so the audit has something to audit.
func writeGoodFamily(_ scratch: Scratch, in folder: String) throws {
  for (i, drawing) in ["ring", "square", "ring2", "square2"].enumerated() {
    let size = 50
    var pixels: [[UInt16]] = []
    for y in 0..<size {
      for x in 0..<size {
        let dx = Double(x) + 0.5 - 25, dy = Double(y) + 0.5 - 25
        let inside: Bool
        if drawing.hasPrefix("ring") {
          let r = (dx * dx + dy * dy).squareRoot()
          inside = r > 16 - Double(i % 2) && r < 20
        } else {
          inside = abs(dx) < 19 && abs(dy) < 19 && !(abs(dx) < 15 && abs(dy) < 15)
        }
        pixels.append([0, 0, 0, inside ? 255 : 0])
      }
    }
    let png = TestPNG(width: size, height: size, colorType: 6, bitDepth: 8, pixels: pixels).encoded()
    try scratch.file("\(folder)/\(drawing)@2x.png", png)
  }
}

@Suite(.serialized) struct HostileInputEndToEndTests {
  /// Every kind of broken input in one folder, next to good icons.
  @Test func hostileFolderIsAuditedAroundTheBadFiles() throws {
    let scratch = try Scratch("hostile-e2e")
    let outside = try Scratch("hostile-outside")
    try outside.file("secret.png", iconPNG)
    try writeGoodFamily(scratch, in: "Toolbar")
    let good = iconPNG
    let t = "Toolbar/"
    // PNG
    try scratch.file(t + "truncated.png", Array(good.prefix(good.count / 2)))
    var crc = good
    crc[8 + 8 + 4] ^= 0x40  // IHDR data, CRC stale
    try scratch.file(t + "crc.png", crc)
    try scratch.file(t + "photo.png", [UInt8](try Data(contentsOf: corpusFile("photo.jpg"))))
    try scratch.file(t + "empty.png", [])
    try scratch.file(t + "oversize.png", EveryChunkPNG.signature + chunk("IHDR", be32(100_000) + be32(100_000) + [8, 6, 0, 0, 0])
      + chunk("IEND", []))
    try scratch.file(t + "zero.png", EveryChunkPNG.signature + chunk("IHDR", be32(0) + be32(24) + [8, 6, 0, 0, 0]) + chunk("IEND", []))
    let (bomb, _) = zlibZeros(groups: (1 << 30) / 2064)
    try scratch.file(t + "bomb.png", EveryChunkPNG.signature + chunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0])
      + fastChunk("IDAT", bomb) + chunk("IEND", []))
    // SVG
    var entities = #"<!ENTITY a "aaaaaaaaaa">"#
    for (previous, name) in zip("abcdefgh", "bcdefghi") {
      entities += "<!ENTITY \(name) \"\(String(repeating: "&\(previous);", count: 10))\">"
    }
    try scratch.file(t + "laughs.svg", #"<?xml version="1.0"?><!DOCTYPE svg [\#(entities)]>"# + svg("<text>&i;</text>"))
    try scratch.file(t + "quadratic.svg", #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "\#(String(repeating: "a", count: 50_000))">]>"#
      + svg("<text>" + String(repeating: "&a;", count: 20_000) + "</text>"))
    try scratch.file(t + "xxe.svg", #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>"# + svg("<text>&x;</text>"))
    try scratch.file(t + "deep.svg", svg(String(repeating: "<g>", count: 5000) + String(repeating: "</g>", count: 5000)))
    try scratch.file(t + "huge.svg", svg("", size: #"width="1e19" height="24""#))
    try scratch.file(t + "nosize.svg", svg("", size: ""))
    try scratch.file(t + "external.svg", svg(#"<image xlink:href="file://\#(outside.path)/secret.png" width="24" height="24"/>"#
      + #"<circle cx="12" cy="12" r="8"/>"#))
    try scratch.file(t + "script.svg", svg(#"<script>alert(1)</script><circle cx="12" cy="12" r="8" onload="alert(2)"/>"#))
    // PDF
    let pdf = makePDF()
    try scratch.file(t + "truncated.pdf", Array(pdf.prefix(pdf.count / 2)))
    try scratch.file(t + "nopage.pdf", makePDF(pages: "/Kids [] /Count 0"))
    try scratch.file(t + "hugepage.pdf", makePDF(mediaBox: "0 0 10000000000000000000 24"))
    try scratch.file(t + "bigpage.pdf", makePDF(mediaBox: "0 0 100000 24"))
    try scratch.file(t + "page.pdf", pdf)
    // File system
    try scratch.link(t + "dangling.png", to: "missing.png")
    try scratch.fifo(t + "pipe.png")
    try scratch.link(t + "root", to: "/")
    try scratch.link(t + "secret.png", to: outside.path + "/secret.png")
    try scratch.link(t + "loop", to: ".")
    // Asset catalog
    try scratch.file("App.xcassets/Tabs/notjson.imageset/Contents.json", "{ nope")
    try scratch.file("App.xcassets/Tabs/self.imageset/Contents.json", #"{"images": [{"filename": "Contents.json"}]}"#)
    try scratch.file("App.xcassets/Tabs/out.imageset/Contents.json", #"{"images": [{"filename": "../../../Toolbar/ring@2x.png"}]}"#)

    let run = try iconaudit(["audit", "--format", "json", "--render-timeout", "20", scratch.path])
    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.seconds < 60)
    let root = scratch.path + "/"
    let expected: [String: String] = [
      t + "truncated.png": "truncated PNG (the data ends early)",
      t + "crc.png": "PNG CRC error (IHDR: CRC error)",
      t + "photo.png": "not a PNG file (bad signature)",
      t + "empty.png": "cannot read the file (the file is empty)",
      t + "oversize.png": "image is 100000×100000 px, over the limit of 16384 px a side (--max-side)",
      t + "zero.png": "invalid PNG header (",
      t + "bomb.png": "corrupt PNG data (the compressed image data inflates to more than the image holds",
      t + "laughs.svg": "malformed SVG (its entities expand to more than 1048576 characters",
      t + "quadratic.svg": "malformed SVG (its entities expand to more than 1048576 characters",
      t + "xxe.svg": "malformed SVG (XML parse error: Error domain 1 code 26",
      t + "deep.svg": "malformed SVG (XML parse error: Error domain 1 code 1",
      t + "huge.svg": "rendering stopped (the document is 1e+19×24 pt, far over the limit of 16384 px a side",
      t + "nosize.svg": "malformed SVG (the SVG has no usable size",
      t + "truncated.pdf": "unreadable PDF (PDF document is damaged)",
      t + "nopage.pdf": "unreadable PDF (the PDF has no page)",
      t + "hugepage.pdf": "rendering stopped (the document is 1e+19×24 pt",
      t + "bigpage.pdf": "image is 200000×48 px, over the limit",
      t + "dangling.png": "broken symbolic link",
      t + "pipe.png": "cannot read the file (it is a named pipe, not a regular file)",
      t + "root": "symbolic link leads outside the audited folder; not followed",
      t + "secret.png": "symbolic link leads outside the audited folder; not followed",
      "App.xcassets/Tabs/notjson.imageset/Contents.json": "Contents.json is not valid JSON",
      "App.xcassets/Tabs/self.imageset/Contents.json": "images[0].filename 'Contents.json' names the set's own description, not an image",
      "App.xcassets/Tabs/out.imageset/Contents.json": "images[0].filename '../../../Toolbar/ring@2x.png' points outside the imageset; not read",
    ]
    let lines = run.errorLines.filter { $0.hasPrefix("iconaudit: /") }
    for (file, reason) in expected.sorted(by: { $0.key < $1.key }) {
      let matching = lines.filter { $0.hasPrefix("iconaudit: \(root)\(file): ") }
      #expect(matching.count == 1, "one line for \(file): \(matching)")
      #expect(matching.first?.dropFirst("iconaudit: \(root)\(file): ".count).hasPrefix(reason) == true,
              "\(file): \(matching.first ?? "no line")")
    }
    #expect(lines.count == expected.count, "\(lines.filter { line in !expected.keys.contains { line.contains(root + $0 + ": ") } })")

    // The report covers every readable icon, and lists the unreadable ones.
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let paths = Set(((json["icons"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String })
    for icon in ["ring@2x.png", "ring2@2x.png", "square@2x.png", "square2@2x.png", "external.svg", "script.svg", "page.pdf"] {
      #expect(paths.contains(t + icon), "\(icon) audited")
    }
    #expect(paths.count == 7, "\(paths.sorted())")
    let unreadable = (json["unreadable"] as? [[String: Any]]) ?? []
    #expect(unreadable.count == expected.count)
    // The external image did not count: its ink is the disk's alone.
    let external = ((json["icons"] as? [[String: Any]]) ?? []).first { ($0["path"] as? String) == t + "external.svg" }
    let script = ((json["icons"] as? [[String: Any]]) ?? []).first { ($0["path"] as? String) == t + "script.svg" }
    let inkOf = { (icon: [String: Any]?) in ((icon?["metrics"] as? [String: Any])?["inkAreaPt2"] as? NSNumber)?.doubleValue }
    #expect(inkOf(external) != nil && inkOf(external) == inkOf(script))
  }

  /// 1×1, fully transparent and fully opaque images are read and measured; every number in the
  /// report is finite (the JSON parses) and the rules behave. Their role is declared (`--role`):
  /// by default a pixel and a solid block are no icons, whatever their folder (left out, below).
  @Test func degenerateImagesAreAudited() throws {
    let scratch = try Scratch("degenerate-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    func solid(_ size: Int, _ alpha: UInt16) -> [UInt8] {
      TestPNG(width: size, height: size, colorType: 6, bitDepth: 8, pixels: Array(repeating: [0, 0, 0, alpha], count: size * size)).encoded()
    }
    try scratch.file("Toolbar/dot.png", solid(1, 255))
    try scratch.file("Toolbar/blank@2x.png", solid(44, 0))
    try scratch.file("Toolbar/block@2x.png", solid(44, 255))
    let run = try iconaudit(["audit", "--format", "json", "--role", "toolbar", scratch.path])
    #expect(run.status == 1, "error findings, nothing unreadable: \(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(run.stdout.range(of: #"[:\[,]\s*-?(nan|inf)"#, options: [.regularExpression, .caseInsensitive]) == nil)
    let findings = (json["findings"] as? [[String: Any]]) ?? []
    func rules(_ path: String) -> Set<String> {
      Set(findings.filter { ($0["path"] as? String) == path }.compactMap { $0["ruleId"] as? String })
    }
    #expect(rules("Toolbar/block@2x.png").contains("template_opaque_background"), "\(rules("Toolbar/block@2x.png"))")
    #expect(rules("Toolbar/dot.png").contains("canvas_size"), "\(rules("Toolbar/dot.png"))")
    #expect(!rules("Toolbar/blank@2x.png").contains("template_opaque_background"))
    let icons = (json["icons"] as? [[String: Any]]) ?? []
    #expect(icons.count == 7)
    let blank = icons.first { ($0["path"] as? String) == "Toolbar/blank@2x.png" }
    #expect(((blank?["metrics"] as? [String: Any])?["inkAreaPt2"] as? NSNumber)?.doubleValue == 0)
    // The text report too.
    let text = try iconaudit(["audit", "--role", "toolbar", scratch.path])
    #expect(text.status == 1 && text.stdout.contains("blank@2x.png"))
    // By default the pixel and the block are left out by what they are, though in a Toolbar folder.
    let scoped = try #require(try JSONSerialization.jsonObject(
      with: Data(try iconaudit(["audit", "--format", "json", scratch.path]).stdout.utf8)) as? [String: Any])
    let leftOut = ((scoped["summary"] as? [String: Any])?["leftOut"] as? [[String: Any]]) ?? []
    #expect(Dictionary(uniqueKeysWithValues: leftOut.map { ($0["path"] as? String ?? "", $0["reason"] as? String ?? "") })
            == ["Toolbar/dot.png": "tooSmall", "Toolbar/block@2x.png": "solidFill"])
  }

  /// A render that takes too long is stopped at --render-timeout and named; the others are audited.
  @Test func renderTimeLimit() throws {
    let scratch = try Scratch("timeout-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    var filters = "", groups = ""
    for i in 0..<40 {
      filters += "<filter id=\"f\(i)\"><feGaussianBlur stdDeviation=\"\(50 + i)\"/></filter>"
      groups += "<g filter=\"url(#f\(i))\"><rect x=\"\(i)\" y=\"\(i)\" width=\"3000\" height=\"3000\"/></g>"
    }
    try scratch.file("Toolbar/slow.svg", svg("<defs>\(filters)</defs>\(groups)", size: #"width="4000" height="4000""#))
    let run = try iconaudit(["measure", "--render-timeout", "1", "--vector-scale", "1", scratch.path + "/Toolbar"])
    #expect(run.status == 2)
    #expect(run.errorLines == ["iconaudit: \(scratch.path)/Toolbar/slow.svg: rendering stopped (took longer than 1 s, the render time limit)"])
    #expect(run.stdout.contains("4 icons measured"))
    #expect(run.seconds < 30, "\(run.seconds) s")
    let usage = try iconaudit(["measure", "--render-timeout", "-1", scratch.path])
    #expect(usage.status == 64)
  }

  /// A crash inside librsvg is contained in the render helper: librsvg 2.54.7 (Debian 12) aborts on
  /// text whose compounded font size overflows pango (nested `em` sizes pass the preflight, which reads
  /// one value at a time). The file is named, the others are measured. (With a librsvg that no longer
  /// aborts, the icon is simply measured.)
  @Test func aCrashInTheVectorLibraryIsContained() throws {
    let scratch = try Scratch("abort-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    try scratch.file("Toolbar/nested.svg", svg(#"<g font-size="1000em"><text x="2" y="15" font-size="1000em">Ab</text></g>"#,
                                              size: #"width="46" height="20""#))
    let run = try iconaudit(["measure", "--vector-scale", "1", scratch.path + "/Toolbar"])
    if run.status == 2 {
      #expect(run.errorLines == ["iconaudit: \(scratch.path)/Toolbar/nested.svg: rendering stopped (the renderer stopped with signal 6 "
        + "(a crash in the vector library, or over the memory limit of 4096 MiB))"])
      #expect(run.stdout.contains("4 icons measured"))
    } else {
      #expect(run.status == 0 && run.stdout.contains("5 icons measured"), "\(run.stderr)")
    }
  }

  /// Limits on the command line: file bytes, vector bytes, pixels, analysis size.
  @Test func limitFlags() throws {
    let scratch = try Scratch("limits-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    try scratch.file("Toolbar/disk.svg", svg(#"<circle cx="12" cy="12" r="8"/>"# + "<!--" + String(repeating: " ", count: 4000) + "-->"))
    let bytes = try iconaudit(["measure", "--max-file-bytes", "3000", scratch.path])
    #expect(bytes.status == 2)
    #expect(bytes.errorLines.count == 5, "every file is over 3000 bytes: \(bytes.errorLines)")
    let svgBytes = (try FileManager.default.attributesOfItem(atPath: scratch.path + "/Toolbar/disk.svg")[.size] as? NSNumber)?.intValue ?? 0
    let vector = try iconaudit(["measure", "--max-vector-bytes", "1000", scratch.path])
    #expect(vector.status == 2)
    #expect(vector.errorLines.count == 1 && vector.errorLines[0].hasSuffix("disk.svg: file is \(svgBytes) bytes, over the limit of 1000 bytes"),
            "\(vector.errorLines)")
    let pixels = try iconaudit(["measure", "--max-pixels", "2000", scratch.path])
    #expect(pixels.status == 2 && pixels.errorLines.count == 5, "\(pixels.errorLines)")
    // A large canvas is measured on a reduced copy, in the same points.
    let side = 600
    let large = TestPNG(width: side, height: side, colorType: 0, bitDepth: 8, transparency: [255],
                        pixels: (0..<(side * side)).map { i in [(150..<450).contains(i / side) && (150..<450).contains(i % side) ? 0 : 255] })
    try scratch.file("Large/block@2x.png", large.encoded())
    let measured = try iconaudit(["measure", "--format", "json", "--max-analysis-side", "256", scratch.path + "/Large"])
    #expect(measured.status == 0, "\(measured.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any])
    let icon = (json["icons"] as? [[String: Any]])?.first ?? [:]
    let metrics = (icon["metrics"] as? [String: Any]) ?? [:]
    let ink = (metrics["inkAreaPt2"] as? NSNumber)?.doubleValue ?? 0
    #expect(abs(ink - 300 * 300 / 4) / (300 * 300 / 4) < 0.01, "\(ink) pt² of a 300 px square at @2x")
    #expect((icon["widthPx"] as? NSNumber)?.intValue == side, "the file's own size is reported")
  }

  /// Output files: written whole or not at all, never over an input or a file iconaudit did not
  /// write (unless --force), never replacing a device or a FIFO; targets checked before the audit.
  @Test func outputFiles() throws {
    let scratch = try Scratch("output-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    let baseline = scratch.path + "/baseline.json"
    try scratch.file("baseline.json", "previous")
    chmod(baseline, 0o600)
    // A file the user wrote is not replaced without --force (a usage error, before any work).
    let kept = try iconaudit(["audit", "--write-baseline", baseline, scratch.path + "/Toolbar"])
    #expect(kept.status == 64 && kept.stderr.contains("does not look like a file iconaudit wrote"), "\(kept.stderr)")
    #expect(try String(contentsOfFile: baseline, encoding: .utf8) == "previous")
    let written = try iconaudit(["audit", "--force", "--write-baseline", baseline, scratch.path + "/Toolbar"])
    #expect([0, 1].contains(written.status), "\(written.stderr)")
    #expect(try String(contentsOfFile: baseline, encoding: .utf8).hasPrefix("{"))
    var info = stat()
    stat(baseline, &info)
    #expect(info.st_mode & 0o777 == 0o600, "the replaced file keeps its permissions")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    // Every format's own output is replaced when the audit runs again, without --force.
    for format in ["text", "json", "markdown", "html", "sarif", "github", "xcode"] {
      let report = scratch.path + "/report-\(format)"
      for run in 0..<2 {
        let again = try iconaudit(["audit", "--format", format, "--output", report, scratch.path + "/Toolbar"])
        #expect([0, 1].contains(again.status), "\(format), run \(run): \(again.stderr)")
      }
    }
    for format in ["text", "json"] {
      let table = scratch.path + "/measure-\(format)"
      for _ in 0..<2 {
        #expect(try iconaudit(["measure", "--format", format, "--output", table, scratch.path + "/Toolbar"]).status == 0)
      }
    }
    // The report and the baseline in one file: refused before the audit.
    let same = try iconaudit(["audit", "--output", scratch.path + "/same.json", "--write-baseline", scratch.path + "/same.json",
                              scratch.path + "/Toolbar"])
    #expect(same.status == 64 && same.stderr.contains("name the same file"), "\(same.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/same.json"))
    // Over an input icon: refused, even with --force; the icon intact.
    let icon = scratch.path + "/Toolbar/ring@2x.png"
    let before = try Data(contentsOf: URL(fileURLWithPath: icon))
    for force in [[], ["--force"]] {
      let refused = try iconaudit(["audit"] + force + ["--write-baseline", icon, scratch.path + "/Toolbar"])
      #expect(refused.status == 64 && refused.stderr.contains("refusing to overwrite an input file"), "\(refused.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: icon)) == before)
    // Another PNG that is not an input: not replaced without --force.
    try scratch.file("other.png", try Array(Data(contentsOf: URL(fileURLWithPath: icon))))
    let png = try iconaudit(["audit", "--output", scratch.path + "/other.png", scratch.path + "/Toolbar"])
    let other = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/other.png"))
    #expect(png.status == 64 && other == before, "\(png.stderr)")
    // Into a missing folder, or an empty name: refused before the audit, nothing left behind.
    let missing = try iconaudit(["audit", "--output", scratch.path + "/no/such/folder/report.txt", scratch.path + "/Toolbar"])
    #expect(missing.status == 64 && missing.stderr.contains("no such folder"), "\(missing.stderr)")
    let empty = try iconaudit(["audit", "--output", "", scratch.path + "/Toolbar"])
    #expect(empty.status == 64 && empty.stderr.contains("the output file name is empty"), "\(empty.stderr)")
    // Standard output that cannot be written (a full disk): named, exit 70, no crash.
    if FileManager.default.fileExists(atPath: "/dev/full") {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.environment = ToolEnvironment.isolated
      let tool = iconauditPath()
      process.arguments = ["-c", "'\(tool)' audit '\(scratch.path)/Toolbar' > /dev/full 2> '\(scratch.path)/full.err'"]
      try process.run()
      process.waitUntilExit()
      let message = try String(contentsOfFile: scratch.path + "/full.err", encoding: .utf8)
      #expect(process.terminationStatus == 70)
      #expect(message == "iconaudit: standard output: cannot write (No space left on device)\n", "\(message)")
      // Both streams full: still no crash (the message is lost), exit 70.
      let both = Process()
      both.executableURL = URL(fileURLWithPath: "/bin/sh")
      both.environment = ToolEnvironment.isolated
      both.arguments = ["-c", "'\(tool)' audit '\(scratch.path)/Toolbar' > /dev/full 2> /dev/full"]
      try both.run()
      both.waitUntilExit()
      #expect(both.terminationStatus == 70)
    }
    // `-o /dev/stdout` into a log opened for appending: appended, not refused, not replaced.
    let log = scratch.path + "/log.txt"
    try scratch.file("log.txt", "earlier lines\n")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.environment = ToolEnvironment.isolated
    shell.arguments = ["-c", "'\(iconauditPath())' audit '\(scratch.path)/Toolbar' -o /dev/stdout >> '\(log)'"]
    try shell.run()
    shell.waitUntilExit()
    let logged = try String(contentsOfFile: log, encoding: .utf8)
    #expect([0, 1].contains(shell.terminationStatus) && logged.hasPrefix("earlier lines\n") && logged.contains(" audited as bar icons\n\nToolbar  "), "\(logged.prefix(60))")
    // Files that only mention iconaudit are the user's: not replaced.
    for (name, text) in [("NOTES.md", "# App\nwe check icons with iconaudit\n"), ("ci.yml", "- run: iconaudit audit App --format github\n"),
                         ("package.json", #"{"scripts": {"lint": "iconaudit audit icons"}}"#),
                         ("page.html", "<!DOCTYPE html><title>iconaudit notes</title>"),
                         ("ci.log", "build ok\n3 icons: 0 errors, 0 warnings, 0 notes remaining after review\n"),
                         ("setup.md", "## iconaudit setup\n"), ("mypy.txt", "src/a.py:10: error: Incompatible types [assignment]\n"),
                         ("blank.txt", "\n\n\n"), ("drift.txt", "Drift compensation → see manual\n")] {
      try scratch.file(name, text)
      let run = try iconaudit(["audit", "--format", "markdown", "--output", scratch.path + "/" + name, scratch.path + "/Toolbar"])
      #expect(run.status == 64, "\(name): \(run.stderr)")
      #expect(try String(contentsOfFile: scratch.path + "/" + name, encoding: .utf8) == text)
    }
    // Large reports whose marks lie deep inside (40 unreadable files: the SARIF's notifications,
    // the JSON's unreadable list) are still recognised on the next run, in every format.
    // Long names: the GitHub and Xcode reports pass 16 KiB, so the head's last line is cut.
    for i in 0..<150 { try scratch.file("Big/bad-\(String(repeating: "long-name-", count: 8))\(i)@2x.png", [0x89, 0x50]) }
    try writeGoodFamily(scratch, in: "Big")
    for format in ["json", "sarif", "markdown", "html", "text", "github", "xcode"] {
      let report = scratch.path + "/big-\(format)"
      for run in 0..<2 {
        let again = try iconaudit(["audit", "--format", format, "--output", report, scratch.path + "/Big"])
        #expect(again.status == 2, "\(format), run \(run): \(again.stderr.suffix(300))")
      }
    }
    // The same new file through a symbolic link to its folder, a baseline sent to the standard output
    // the report goes to, a descriptor that is not open, a name ending in "/": refused up front.
    try FileManager.default.createDirectory(atPath: scratch.path + "/real", withIntermediateDirectories: true)
    try scratch.link("linked", to: scratch.path + "/real")
    let twice = try iconaudit(["audit", "-o", scratch.path + "/linked/x.json", "--write-baseline", scratch.path + "/real/x.json",
                               scratch.path + "/Toolbar"])
    #expect(twice.status == 64 && twice.stderr.contains("name the same file"), "\(twice.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/real/x.json"))
    let mixed = try iconaudit(["audit", "--write-baseline", "/dev/stdout", scratch.path + "/Toolbar"])
    #expect(mixed.status == 64 && mixed.stderr.contains("--output (standard output) and --write-baseline"), "\(mixed.stderr)")
    let closed = try iconaudit(["audit", "-o", "/dev/fd/57", scratch.path + "/Toolbar"])
    #expect(closed.status == 64 && closed.stderr.contains("not an open file descriptor"), "\(closed.stderr)")
    let slash = try iconaudit(["audit", "-o", scratch.path + "/report.txt/", scratch.path + "/Toolbar"])
    #expect(slash.status == 64 && slash.stderr.contains("names a folder"), "\(slash.stderr)")
    // A long name (the temporary file beside it must still fit in 255 bytes).
    let long = scratch.path + "/" + String(repeating: "r", count: 240) + ".txt"
    #expect([0, 1].contains(try iconaudit(["audit", "-o", long, scratch.path + "/Toolbar"]).status))
    #expect(FileManager.default.fileExists(atPath: long))
    // The report must not replace the baseline it reads; a new baseline may.
    let base = scratch.path + "/base.json"
    #expect([0, 1].contains(try iconaudit(["audit", "--write-baseline", base, scratch.path + "/Toolbar"]).status))
    let over = try iconaudit(["audit", "--baseline", base, "--format", "json", "--output", base, scratch.path + "/Toolbar"])
    #expect(over.status == 64 && over.stderr.contains("refusing to overwrite an input file"), "\(over.stderr)")
    let update = try iconaudit(["audit", "--baseline", base, "--write-baseline", base, scratch.path + "/Toolbar"])
    #expect([0, 1].contains(update.status), "\(update.stderr)")
    // A FIFO target is written through, not replaced by a regular file.
    let fifo = scratch.path + "/report.fifo"
    #expect(mkfifo(fifo, 0o644) == 0)
    nonisolated(unsafe) var received = Data()
    // The semaphore orders the reader's write of `received` before the read below (polling
    // `isFinished` does not, for ThreadSanitizer).
    let done = DispatchSemaphore(value: 0)
    let reader = Thread {
      if let handle = FileHandle(forReadingAtPath: fifo) { received = handle.readDataToEndOfFile() }
      done.signal()
    }
    reader.start()
    let piped = try iconaudit(["audit", "--format", "json", "--output", fifo, scratch.path + "/Toolbar"])
    done.wait()
    #expect([0, 1].contains(piped.status), "\(piped.stderr)")
    stat(fifo, &info)
    #expect(info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    #expect(String(decoding: received, as: UTF8.self).contains("\"schemaVersion\""))
  }

  /// Malformed configuration and baseline files stop the audit with exit 64 and a message naming them.
  @Test func malformedConfigurationAndBaseline() throws {
    let scratch = try Scratch("config-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    try scratch.file("bad.json", "{ nope")
    let config = try iconaudit(["audit", "--config", scratch.path + "/bad.json", scratch.path + "/Toolbar"])
    #expect(config.status == 64 && config.errorLines.first?.hasPrefix("iconaudit: \(scratch.path)/bad.json: not valid JSON") == true,
            "\(config.stderr)")
    let baseline = try iconaudit(["audit", "--baseline", scratch.path + "/bad.json", scratch.path + "/Toolbar"])
    #expect(baseline.status == 64 && baseline.stderr.contains("bad.json: not a baseline file (not valid JSON)"), "\(baseline.stderr)")
    // The nearest .iconaudit.json is found next to the icons: a FIFO there does not hang the audit.
    try scratch.fifo("Toolbar/.iconaudit.json")
    let fifo = try iconaudit(["audit", scratch.path + "/Toolbar"])
    #expect(fifo.status == 64 && fifo.stderr.contains(".iconaudit.json: cannot read the file (it is a named pipe, not a regular file)"))
    #expect(fifo.seconds < 30)
  }

  /// Hostile file names through the Markdown and HTML reports: nothing taken from a name becomes markup.
  @Test("a readable icon whose name carries a terminal escape: no line-oriented output passes it through")
  func escapesInIconNamesStayVisible() throws {
    let scratch = try Scratch("escape-e2e")
    try writeGoodFamily(scratch, in: "Toolbar")
    let name = "esc\u{1B}[31mred\u{07}"
    let ring = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/Toolbar/ring@2x.png"))
    try scratch.file("Toolbar/\(name)@2x.png", Array(ring))
    var outputs: [(String, String)] = []
    for format in ["text", "github", "xcode", "markdown"] {
      outputs.append((format, try iconaudit(["audit", "--format", format, scratch.path + "/Toolbar"]).stdout))
    }
    outputs.append(("measure", try iconaudit(["measure", scratch.path + "/Toolbar"]).stdout))
    for (format, output) in outputs {
      #expect(!output.isEmpty, "\(format)")
      #expect(!output.contains("\u{1B}") && !output.contains("\u{07}"), "\(format) passes a control character through")
    }
    #expect(outputs[0].1.contains("esc\\u{1B}[31mred\\u{7}@2x.png"), "\(outputs[0].1)")
  }

  @Test func hostileNamesInReports() throws {
    let scratch = try Scratch("names-e2e")
    let names = ["<img src=x onerror=alert(1)>", "quote\"d'name", "pipe|name", "back`tick`", "new\nline", "amp&lt;x",
                 "<script>alert(2)<\\script>", "**bold**[link](http://x)", "--><!--"]
    for (i, name) in names.enumerated() {
      // Outline rings of different stroke so that rules fire on several of them.
      let size = 50
      var pixels: [[UInt16]] = []
      for y in 0..<size {
        for x in 0..<size {
          let r = ((Double(x) + 0.5 - 25) * (Double(x) + 0.5 - 25) + (Double(y) + 0.5 - 25) * (Double(y) + 0.5 - 25)).squareRoot()
          pixels.append([0, 0, 0, r < 20 && r > 20 - Double(2 + i % 3 * 4) ? 255 : 0])
        }
      }
      try scratch.file("Toolbar/\(name)@2x.png", TestPNG(width: size, height: size, colorType: 6, bitDepth: 8, pixels: pixels).encoded())
    }
    try scratch.file("Toolbar/<b>broken</b>.png", [1, 2, 3])  // unreadable: named in the reports' unreadable lists
    try scratch.file("Toolbar/esc\u{1B}]0;owned\u{07}\u{1B}[31mred\nline.png", [1, 2, 3])  // a terminal escape and a newline
    let help = try iconaudit(["audit", "--help"])
    var formats = ["markdown"]
    if help.stdout.contains("html") { formats.append("html") }
    for format in formats {
      let run = try iconaudit(["audit", "--format", format, scratch.path])
      #expect(run.status == 2, "\(format): \(run.stderr)")
      let report = run.stdout
      #expect(!report.isEmpty)
      // On stderr: one line per unreadable file, no raw escape or bell from a name.
      #expect(run.errorLines.count == 2, "\(run.errorLines)")
      #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"))
      #expect(run.stderr.contains(#"esc\u{1B}]0;owned\u{7}\u{1B}[31mred\u{A}line.png: not a PNG file"#), "\(run.stderr)")
      #expect(!report.contains("\u{1B}") && !report.contains("\u{07}"), "\(format) passes an escape through")
      for raw in ["<img src=x", "<script>alert", "<b>broken</b>", "onerror=alert(1)>"] {
        #expect(!report.contains(raw), "\(format) contains \(raw)")
      }
      if format == "markdown" {
        // Every table row stays one row: a name's pipe or newline does not split it.
        for line in report.split(separator: "\n") where line.hasPrefix("|") {
          let unescaped = line.replacingOccurrences(of: "\\|", with: "")
          #expect(unescaped.filter { $0 == "|" }.count == report.split(separator: "\n").first { $0.hasPrefix("|") }!
            .replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count, "\(line)")
        }
        #expect(report.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!report.contains("[link](http://x)"), "a name cannot make a link")
        #expect(!report.contains("new\nline"))
      } else {
        // Attribute values never contain a raw quote from a name.
        #expect(!report.contains("quote\"d"), "a raw double quote from a name")
        #expect(report.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!report.contains("--><!--"), "a name cannot close a comment")
      }
    }
  }
}
