// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import IconRaster
import IconSupport
import Testing

/// A history's work folder records the digests of the files it writes: a recorded file is known
/// (with the version recorded) until the folder forgets it; one forgotten, over the size limit, or
/// never recorded is not (then it is read and hashed).
@Suite struct KnownFileDigestsTests {
  @Test func aRecordedFileIsKnownUntilItChanges() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let a = folder + "/a.png", b = folder + "/b.png"
    let bytes: [UInt8] = Array("not really a png".utf8)
    #expect(GitWorkFolder.write(bytes, to: a) && GitWorkFolder.write(bytes, to: b))
    let known = KnownFileDigests()
    known.record(path: a, digest: SHA256.hash(bytes))
    func file(_ path: String) -> IconFile { IconFile(path: path, relativePath: PathText.lastComponent(path), kind: .png, scale: 3) }
    let hit = try #require(known.digests([file(a)], limits: .default))
    #expect(hit.map(\.digest) == [SHA256.hash(bytes)] && hit[0].version == FileVersion(path: a))
    // All of an icon's files, or none.
    #expect(known.digests([file(a), file(b)], limits: .default) == nil)
    // Over the limit of its kind: read (and refused) as without the record.
    var small = DecodeLimits.default
    small.maxFileBytes = bytes.count - 1
    #expect(known.digests([file(a)], limits: small) == nil)
    // Written again by the work folder: forgotten first, then recorded anew (its new version).
    known.forget(path: a)
    #expect(known.digests([file(a)], limits: .default) == nil)
    #expect(GitWorkFolder.write(bytes + [0], to: a))
    known.record(path: a, digest: SHA256.hash(bytes + [0]))
    #expect(known.digests([file(a)], limits: .default)?[0].version == FileVersion(path: a))
    #expect(known.digests([file(a)], limits: .default)?.map(\.digest) == [SHA256.hash(bytes + [0])])
    known.forget(path: a)
    #expect(known.digests([file(a)], limits: .default) == nil)
  }
}

/// A history's work folder keeps discovery's result while only files' bytes change where
/// discovery reads names alone; anything discovery may see otherwise makes it walk again.
@Suite struct WorkFolderListingTests {
  typealias Entry = GitObjects.Entry
  let a = Entry(mode: "100644", id: "a"), b = Entry(mode: "100644", id: "b"), link = Entry(mode: "120000", id: "a")

  @Test func onlyBytesOutsideCatalogsKeepTheListing() {
    let before = ["A/x.png": a, "A/y.png": a, "README": a]
    #expect(GitWorkFolder.sameListing(before, before, folderName: "Icons"))
    #expect(GitWorkFolder.sameListing(before, ["A/x.png": b, "A/y.png": a, "README": b], folderName: "Icons"))
    // An executable bit is still a regular file to the listing.
    #expect(GitWorkFolder.sameListing(before, ["A/x.png": Entry(mode: "100755", id: "b"), "A/y.png": a, "README": a], folderName: "Icons"))
    // Added, removed, renamed, turned into a link.
    #expect(!GitWorkFolder.sameListing(before, before.merging(["A/z.png": a]) { $1 }, folderName: "Icons"))
    #expect(!GitWorkFolder.sameListing(before, ["A/x.png": a, "A/y.png": a], folderName: "Icons"))
    #expect(!GitWorkFolder.sameListing(before, ["A/x.png": a, "A/w.png": a, "README": a], folderName: "Icons"))
    #expect(!GitWorkFolder.sameListing(before, ["A/x.png": link, "A/y.png": a, "README": a], folderName: "Icons"))
    // Inside a catalog or a set (discovery reads Contents.json and sniffs the images' bytes).
    let catalog = ["App.xcassets/x.imageset/x.png": a, "App.xcassets/x.imageset/Contents.json": a]
    #expect(!GitWorkFolder.sameListing(catalog, ["App.xcassets/x.imageset/x.png": b, "App.xcassets/x.imageset/Contents.json": a], folderName: "Icons"))
    #expect(!GitWorkFolder.sameListing(["x.png": a], ["x.png": b], folderName: "App.xcassets"))
    #expect(GitWorkFolder.sameListing(catalog, catalog, folderName: "Icons"))
  }

  @Test func discoveryIsKeptUntilForgotten() {
    let known = KnownFileDigests()
    var walks = 0
    func discover(_ idioms: [String]) -> Int {
      known.discovery(paths: ["/p"], idioms: idioms) {
        walks += 1
        return IconDiscovery.discoverAll(["/nonexistent-\(walks)"])
      }.issues.count
    }
    _ = discover(["iphone"])
    _ = discover(["iphone"])
    #expect(walks == 1)
    _ = discover(["ipad"])
    #expect(walks == 2)
    known.forgetDiscovery()
    _ = discover(["ipad"])
    #expect(walks == 3)
  }
}
