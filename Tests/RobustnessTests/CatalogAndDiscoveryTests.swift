// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster
import IconSupport
import Testing
import TestSupport

/// A temporary folder removed at the end of the test.
final class Scratch {
  let path: String
  init(_ name: String) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit {
    // Restore permissions first so that chmod 000 fixtures can be removed.
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      for case let entry as String in enumerator { chmod(path + "/" + entry, 0o755) }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ relative: String, _ bytes: [UInt8]) throws {
    let full = path + "/" + relative
    try FileManager.default.createDirectory(atPath: PathText.parent(full), withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: full))
  }

  func file(_ relative: String, _ text: String) throws { try file(relative, Array(text.utf8)) }

  func link(_ relative: String, to target: String) throws {
    let full = path + "/" + relative
    try FileManager.default.createDirectory(atPath: PathText.parent(full), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
  }

  func fifo(_ relative: String) throws {
    let full = path + "/" + relative
    try FileManager.default.createDirectory(atPath: PathText.parent(full), withIntermediateDirectories: true)
    #expect(mkfifo(full, 0o644) == 0)
  }
}

/// A small valid icon PNG.
let iconPNG = TestPNG(width: 8, height: 8, colorType: 6, bitDepth: 8,
                      pixels: (0..<64).map { [0, 0, 0, ($0 % 8 > 1 && $0 % 8 < 6 && $0 / 8 > 1 && $0 / 8 < 6) ? 255 : 0] }).encoded()

/// Discovery issues as "relative path: reason" lines, for exact comparison.
func issueLines(_ issues: [DiscoveryIssue], under root: String) -> [String] {
  issues.map { issue in
    let path = issue.path.hasPrefix(root + "/") ? String(issue.path.dropFirst(root.count + 1)) : issue.path
    return "\(path): \(issue.reason)"
  }.sorted()
}

@Suite struct ContentsJSONTests {
  func parse(_ text: String, kind: String = "imageset") -> Result<AssetCatalog.SetContents, AssetCatalog.ContentsError> {
    AssetCatalog.parseContents(Array(text.utf8), kind: kind)
  }

  func failure(_ text: String, kind: String = "imageset") -> String? {
    if case .failure(let error) = parse(text, kind: kind) { return error.reason }
    return nil
  }

  @Test func unreadableDocuments() {
    #expect(failure("") == "Contents.json is not valid JSON")
    #expect(failure("{ nope") == "Contents.json is not valid JSON")
    #expect(failure("{\"images\": [1, 2") == "Contents.json is not valid JSON")
    #expect(failure("[]") == "Contents.json is not a JSON object")
    #expect(failure("\"images\"") == "Contents.json is not valid JSON", "a bare string (a JSON fragment)")
    #expect(failure("{}") == "'images' is missing or not an array")
    #expect(failure(#"{"images": "a.png"}"#) == "'images' is missing or not an array")
    #expect(failure(#"{"images": {"filename": "a.png"}}"#) == "'images' is missing or not an array")
    #expect(failure(#"{"images": []}"#, kind: "symbolset") == "'symbols' is missing or not an array")
    #expect(failure(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)) == "Contents.json is not valid JSON")
    #expect(failure(#"{"images": [{"filename": "a.png", "scale": 1e400}]}"#) == "Contents.json is not valid JSON")
    #expect(AssetCatalog.parseContents([0xFF, 0xFE, 0x7B, 0x7D], kind: "imageset").isFailure)
  }

  @Test func wrongTypesAreNamedPerEntry() throws {
    let text = #"""
      {"images": [3, {"filename": 4}, {"filename": ""}, {"idiom": "universal"},
                  {"filename": "a.png", "scale": 2}, {"filename": "b.png", "scale": "4x"}, {"filename": "c.gif"},
                  {"filename": "d.png", "idiom": "ipad"}, {"filename": "e.png", "scale": "2x", "idiom": 7}],
       "properties": ["template"]}
      """#
    guard case .success(let contents) = parse(text) else { Issue.record("not parsed"); return }
    #expect(contents.issues == ["'properties' is not an object", "images[0] is not an object", "images[1].filename is not a string",
                                "images[2].filename is not a string"])
    #expect(contents.entries.map(\.filename) == ["a.png", "b.png", "c.gif", "d.png", "e.png"], "every idiom is read")
    #expect(contents.entries.map(\.problem) == ["images[4].scale '2' is not 1x, 2x or 3x", "images[5].scale '4x' is not 1x, 2x or 3x",
                                                "images[6].filename 'c.gif' is not a PNG, PDF or SVG", nil, nil])
    #expect(contents.entries.map(\.idiom) == ["universal", "universal", "universal", "ipad", "universal"])
    #expect(contents.entries[4].scale == 2 && contents.entries[4].kind == .png, "a non-string idiom reads as universal")
    #expect(contents.templateRenderingIntent == nil)
  }

  @Test func variantsAreReadWithTheirTraitsAndThePlainSlotIsAudited() throws {
    let text = #"""
      {"images": [
        {"idiom": "universal", "filename": "d@2x.png", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]},
        {"idiom": "universal", "filename": "c@2x.png", "scale": "2x", "height-class": "compact"},
        {"idiom": "universal", "filename": "a@2x.png", "scale": "2x", "display-gamut": "sRGB"},
        {"idiom": "universal", "filename": "a@3x.png", "scale": "3x"},
        {"idiom": "universal", "filename": "p3@3x.png", "scale": "3x", "display-gamut": "display-P3"},
        {"idiom": "universal", "filename": "l@3x.png", "scale": "3x", "locale": "fr", "width-class": "regular",
         "appearances": [{"appearance": "luminosity", "value": "light"}, {"appearance": "contrast", "value": "high"}]},
        {"idiom": "iphone", "filename": "x@2x.png", "scale": "2x", "subtype": "retina4"},
        {"idiom": "watch", "filename": "w.png", "scale": "2x", "screen-width": "<=145"}
      ]}
      """#
    guard case .success(let contents) = parse(text) else { Issue.record("not parsed"); return }
    #expect(contents.entries.map(\.traits) == [
      ["luminosity dark"], ["height-class compact"], [], [], ["display-gamut display-P3"],
      ["contrast high", "locale fr", "luminosity light", "width-class regular"], ["subtype retina4"], ["screen-width <=145"],
    ])
    #expect(AssetCatalog.auditedVariant(contents.entries).map(\.filename) == ["a@2x.png", "a@3x.png"])
    // Without the plain slots: light before dark, then the idiom (iphone, universal, ipad, others).
    let variants = contents.entries.filter { !$0.filename.hasPrefix("a@") }
    #expect(AssetCatalog.auditedVariant(variants).map(\.filename) == ["x@2x.png"])
    #expect(AssetCatalog.auditedVariant(variants.filter { $0.idiom != "iphone" }).map(\.filename) == ["c@2x.png"])
    #expect(AssetCatalog.auditedVariant(variants.filter { $0.filename.hasPrefix("d@") || $0.filename.hasPrefix("l@") }).map(\.filename)
            == ["d@2x.png"], "one trait (dark) before four")
    #expect(AssetCatalog.auditedVariant([]).isEmpty)
  }

  @Test func imageTypesFromTheirBytes() {
    #expect(ImageSniffer.sniff(iconPNG) == .png)
    #expect(ImageSniffer.sniff(Array("%PDF-1.4\n".utf8)) == .pdf)
    #expect(ImageSniffer.sniff([0x0A, 0x0A] + Array("%PDF-1.7".utf8)) == .pdf, "a PDF after a few bytes of junk")
    #expect(ImageSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE1, 0, 0]) == .otherImage("JPEG"))
    #expect(ImageSniffer.sniff([0, 0, 0, 0x18] + Array("ftypheic".utf8)) == .otherImage("HEIC"))
    #expect(ImageSniffer.sniff([0, 0, 0, 0x18] + Array("ftypmif1".utf8)) == .otherImage("HEIC"))
    #expect(ImageSniffer.sniff([0, 0, 0, 0x18] + Array("ftypavif".utf8)) == .otherImage("AVIF"))
    #expect(ImageSniffer.sniff(Array("GIF89a".utf8)) == .otherImage("GIF"))
    #expect(ImageSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .otherImage("WebP"))
    #expect(ImageSniffer.sniff([0x4D, 0x4D, 0, 0x2A]) == .otherImage("TIFF"))
    #expect(ImageSniffer.sniff(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == .unknown)
    #expect(ImageSniffer.sniff([]) == .unknown && ImageSniffer.sniff([0x89]) == .unknown)
    #expect(ImageSniffer.sniff(path: "/nonexistent/x.png") == .unknown)
  }

  @Test func fileNamesThatLeaveTheSet() {
    let names = ["../a.png", "/etc/passwd", "sub/a.png", "..", ".", "a.png\u{0}.txt", "../../../../etc/hosts.png"]
    let entries = names.map { #"{"filename": "\#($0.replacingOccurrences(of: "\u{0}", with: "\\u0000"))"}"# }
    guard case .success(let contents) = parse(#"{"images": [\#(entries.joined(separator: ","))]}"#) else {
      Issue.record("not parsed")
      return
    }
    #expect(contents.entries.isEmpty)
    #expect(contents.issues.count == names.count)
    #expect(contents.issues.allSatisfy { $0.hasSuffix("points outside the imageset; not read") }, "\(contents.issues)")
  }

  @Test func pointingAtItself() {
    guard case .success(let contents) = parse(#"{"images": [{"filename": "Contents.json", "idiom": "universal"}]}"#) else {
      Issue.record("not parsed")
      return
    }
    #expect(contents.entries.count == 1 && contents.entries[0].kind == nil)
    #expect(contents.entries[0].problem == "images[0].filename 'Contents.json' names the set's own description, not an image")
  }

  @Test func longValuesAreShortenedInMessages() {
    let long = String(repeating: "x", count: 10_000)
    guard case .success(let contents) = parse(#"{"images": [{"filename": "a.png", "scale": "\#(long)"}]}"#) else {
      Issue.record("not parsed")
      return
    }
    #expect((contents.entries.first?.problem?.count ?? 0) < 120)
  }
}

extension Result {
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}

@Suite struct CatalogOnDiskTests {
  @Test func brokenSetsAreNamedAndTheRestIsRead() throws {
    let scratch = try Scratch("catalog-disk")
    let catalog = "App.xcassets/Tabs"
    try scratch.file("App.xcassets/Contents.json", #"{"info": {"version": 1}}"#)
    // A good set.
    try scratch.file("\(catalog)/good.imageset/good@2x.png", iconPNG)
    try scratch.file("\(catalog)/good.imageset/Contents.json", #"{"images": [{"filename": "good@2x.png", "scale": "2x", "idiom": "universal"}]}"#)
    // Not JSON, wrong types, outside, itself, missing, missing file, symlink out, FIFO, a folder, too large.
    try scratch.file("\(catalog)/notjson.imageset/Contents.json", "{ nope")
    try scratch.file("\(catalog)/types.imageset/Contents.json", #"{"images": "good.png"}"#)
    try scratch.file("\(catalog)/outside.imageset/Contents.json", #"{"images": [{"filename": "../good.imageset/good@2x.png"}]}"#)
    try scratch.file("\(catalog)/itself.imageset/Contents.json", #"{"images": [{"filename": "Contents.json"}]}"#)
    try FileManager.default.createDirectory(atPath: scratch.path + "/\(catalog)/missing.imageset", withIntermediateDirectories: true)
    try scratch.file("\(catalog)/nofile.imageset/Contents.json", #"{"images": [{"filename": "gone.png"}]}"#)
    try scratch.file("\(catalog)/linkout.imageset/Contents.json", #"{"images": [{"filename": "out.png"}]}"#)
    try scratch.link("\(catalog)/linkout.imageset/out.png", to: scratch.path + "/\(catalog)/good.imageset/good@2x.png")
    try scratch.fifo("\(catalog)/fifo.imageset/Contents.json")
    try FileManager.default.createDirectory(atPath: scratch.path + "/\(catalog)/dir.imageset/Contents.json", withIntermediateDirectories: true)
    try scratch.file("\(catalog)/big.imageset/Contents.json", Array(repeating: 0x20, count: (1 << 20) + 1))
    try scratch.link("\(catalog)/zero.imageset", to: "/dev")

    let started = Date()
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    #expect(Date().timeIntervalSince(started) < 5, "no FIFO or device blocks discovery")
    #expect(icons.map(\.id) == ["App.xcassets/Tabs/good"])
    let prefix = "App.xcassets/Tabs/"
    #expect(issueLines(issues, under: scratch.path) == [
      prefix + "big.imageset/Contents.json: file is 1048577 bytes, over the limit of 1048576 bytes",
      prefix + "dir.imageset/Contents.json: cannot read the file (it is a directory, not a regular file)",
      prefix + "fifo.imageset/Contents.json: cannot read the file (it is a named pipe, not a regular file)",
      prefix + "itself.imageset/Contents.json: images[0].filename 'Contents.json' names the set's own description, not an image",
      prefix + "linkout.imageset/Contents.json: images[0].filename 'out.png' links outside the imageset; not read",
      prefix + "missing.imageset/Contents.json: missing Contents.json: the imageset is not an asset Xcode can read",
      prefix + "nofile.imageset/Contents.json: images[0].filename 'gone.png' does not exist: "
        + "Xcode would fail to compile this catalog (the file named in Contents.json is missing)",
      prefix + "notjson.imageset/Contents.json: Contents.json is not valid JSON: Xcode would fail to compile this catalog",
      prefix + "outside.imageset/Contents.json: images[0].filename '../good.imageset/good@2x.png' points outside the imageset; not read",
      prefix + "types.imageset/Contents.json: 'images' is missing or not an array: Xcode would fail to compile this catalog",
      prefix + "zero.imageset: symbolic link leads outside the audited folder; not followed",
    ])
  }
}

@Suite struct DiscoveryTests {
  @Test func symlinkLoopsAreEnteredOnce() throws {
    let scratch = try Scratch("loops")
    try scratch.file("a/icon.png", iconPNG)
    try scratch.link("a/again", to: "..")
    try scratch.link("a/self", to: ".")
    try scratch.link("b", to: "a")
    try scratch.link("a/c/d/up", to: "../../..")
    let started = Date()
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(icons.map(\.id) == ["a/icon"], "the icon once, under the first name met")
    #expect(issues.isEmpty, "\(issues)")
  }

  @Test func linksOutOfTheAuditedFolderAreNotFollowed() throws {
    let outside = try Scratch("outside")
    try outside.file("private/secret.png", iconPNG)
    let scratch = try Scratch("inside")
    try scratch.file("icon.png", iconPNG)
    try scratch.link("root", to: "/")
    try scratch.link("home", to: outside.path + "/private")
    try scratch.link("secret.png", to: outside.path + "/private/secret.png")
    try scratch.link("zero.png", to: "/dev/zero")
    try scratch.link("notes.txt", to: "/etc/hostname")  // not an icon: not read, not reported
    try scratch.link("inside.png", to: "icon.png")  // stays inside: followed
    let started = Date()
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    #expect(Date().timeIntervalSince(started) < 5, "the machine is not walked")
    #expect(icons.map(\.id) == ["icon", "inside"])
    #expect(issueLines(issues, under: scratch.path) == [
      "home: symbolic link leads outside the audited folder; not followed",
      "root: symbolic link leads outside the audited folder; not followed",
      "secret.png: symbolic link leads outside the audited folder; not followed",
      "zero.png: symbolic link leads outside the audited folder; not followed",
    ])
    // A path given on the command line is the user's choice and is read wherever it points.
    let (direct, directIssues) = IconDiscovery.discover([scratch.path + "/secret.png"])
    #expect(direct.count == 1 && directIssues.isEmpty)
  }

  @Test func brokenLinksFIFOsDevicesAndDepth() throws {
    let scratch = try Scratch("special")
    try scratch.link("dangling.png", to: "missing.png")
    try scratch.link("README", to: "nowhere")  // could have been a folder: reported
    try scratch.link("LICENSE.md", to: "nowhere")  // cannot be an icon: not reported
    try scratch.fifo("pipe.png")
    var deep = "d"
    for level in 1..<70 { deep += "/d\(level)" }
    try scratch.file(deep + "/deep.png", iconPNG)
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    #expect(icons.map(\.id) == ["pipe"])
    let lines = issueLines(issues, under: scratch.path)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.contains("README: broken symbolic link") && lines.contains("dangling.png: broken symbolic link"))
    #expect(lines.contains { $0.hasSuffix("folders nested deeper than 64 levels; not entered") })
    // The FIFO is found by name, and refused when read (without blocking).
    let started = Date()
    #expect {
      try IconLoader.load(icons[0].files[0])
    } throws: { error in
      (error as? RasterError)?.reason == "cannot read the file (it is a named pipe, not a regular file)"
    }
    #expect(Date().timeIntervalSince(started) < 2)
    // Devices named on the command line.
    #expect(throws: BoundedFile.Failure.notRegularFile("a character device")) { try BoundedFile.read(path: "/dev/zero", limit: 1 << 20) }
    #expect(throws: BoundedFile.Failure.noSuchFile) { try BoundedFile.read(path: scratch.path + "/dangling.png", limit: 10) }
  }

  @Test("problems below a PATH carry report paths relative to it, as icon paths do (not the path typed)")
  func issuesHaveRelativeReportPaths() throws {
    let scratch = try Scratch("relative-issues")
    try scratch.file("My.xcassets/Tabs/good.imageset/good@2x.png", iconPNG)
    try scratch.file("My.xcassets/Tabs/good.imageset/Contents.json",
                     #"{"images": [{"idiom": "universal", "filename": "good@2x.png", "scale": "2x"}]}"#)
    try scratch.file("My.xcassets/Tabs/broken.imageset/Contents.json", "{ not json")
    try scratch.link("My.xcassets/Tabs/dangling.png", to: "missing.png")
    let (icons, issues) = IconDiscovery.discover([scratch.path + "/My.xcassets"])
    #expect(icons.map(\.id) == ["Tabs/good"])
    #expect(issues.map(\.relativePath) == ["Tabs/broken.imageset/Contents.json", "Tabs/dangling.png"])
    #expect(issues.allSatisfy { $0.path.hasPrefix(scratch.path + "/") }, "stderr names the file as it can be found")
    let (_, folderIssues) = IconDiscovery.discover([scratch.path])
    #expect(folderIssues.compactMap(\.relativePath).sorted()
      == ["My.xcassets/Tabs/broken.imageset/Contents.json", "My.xcassets/Tabs/dangling.png"])
    try scratch.link("Loose/dangling.png", to: "missing.png")
    let (_, looseIssues) = IconDiscovery.discover([scratch.path + "/Loose"])
    #expect(looseIssues.map(\.relativePath) == ["dangling.png"])
  }

  @Test("a file name that is not valid UTF-8 is reported by name, and the other icons are still found")
  func invalidUTF8Name() throws {
    let scratch = try Scratch("badname")
    try scratch.file("good.png", iconPNG)
    // "bad\xFF.png": no Swift string names it, so it is made through the C API.
    let path = Array((scratch.path + "/bad").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array(".png".utf8CString)
    let fd = path.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    #expect(fd >= 0)
    iconPNG.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) }
    close(fd)
    // A Latin-1 README beside the icons is not an input: not reported.
    let readme = Array((scratch.path + "/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".txt".utf8CString)
    let readmeFD = readme.withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
    #expect(readmeFD >= 0)
    close(readmeFD)
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    #expect(icons.map(\.id) == ["good"])
    #expect(issueLines(issues, under: scratch.path) == ["bad\u{FFFD}.png: the name is not valid UTF-8 (shown with U+FFFD); not read"])
  }

  /// chmod 000 cannot be tested as root (permissions do not apply); a dangling link stands in for it there.
  @Test func unreadableFiles() throws {
    let scratch = try Scratch("unreadable")
    try scratch.file("locked.png", iconPNG)
    chmod(scratch.path + "/locked.png", 0)
    try scratch.file("shut/inner.png", iconPNG)
    chmod(scratch.path + "/shut", 0)
    let (icons, issues) = IconDiscovery.discover([scratch.path])
    if getuid() == 0 {
      #expect(icons.count == 2, "root reads everything")
    } else {
      #expect(icons.map(\.id) == ["locked"])
      #expect(issueLines(issues, under: scratch.path) == ["shut: cannot list the folder (permission denied)"])
      #expect {
        try IconLoader.load(icons[0].files[0])
      } throws: { error in
        (error as? RasterError)?.reason == "cannot read the file (permission denied)"
      }
    }
  }

  @Test func boundedReads() throws {
    let scratch = try Scratch("bounded")
    try scratch.file("a.bin", Array(repeating: 7, count: 1000))
    #expect(try BoundedFile.read(path: scratch.path + "/a.bin", limit: 1000).count == 1000)
    #expect(throws: BoundedFile.Failure.tooLarge(bytes: 1000, limit: 999)) { try BoundedFile.read(path: scratch.path + "/a.bin", limit: 999) }
    try scratch.file("empty.bin", [])
    #expect(try BoundedFile.read(path: scratch.path + "/empty.bin", limit: 0).isEmpty)
    #expect(throws: BoundedFile.Failure.notRegularFile("a directory")) { try BoundedFile.read(path: scratch.path, limit: 10) }
  }
}
