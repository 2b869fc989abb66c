// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import IconRaster
import IconSupport
import Testing

/// A history's work folder records the digests of the files it writes: a recorded file is known
/// while it is unchanged; one written again, forgotten, over the size limit, or
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
    // Written again (another size): its version no longer matches.
    #expect(GitWorkFolder.write(bytes + [0], to: a))
    #expect(known.digests([file(a)], limits: .default) == nil)
    known.record(path: a, digest: SHA256.hash(bytes + [0]))
    #expect(known.digests([file(a)], limits: .default)?.map(\.digest) == [SHA256.hash(bytes + [0])])
    known.forget(path: a)
    #expect(known.digests([file(a)], limits: .default) == nil)
  }
}
