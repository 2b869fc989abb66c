// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconSupport

/// A folder kept as PATH was at one revision after another: only the files that differ from the
/// previous revision are written or removed.
struct GitWorkFolder {
  let path: String
  private var current: [String: GitObjects.Entry] = [:]

  init(path: String) { self.path = path }

  /// Makes the folder hold exactly `files` (blobs read from `objects`); emptied folders are removed.
  mutating func update(to files: [String: GitObjects.Entry], objects: GitObjects) throws(AuditFrontend.Failure) {
    for (name, entry) in current where files[name] != entry {
      unlink(path + "/" + name)
      var folder = PathText.parent(name)
      while !folder.isEmpty, rmdir(path + "/" + folder) == 0 { folder = PathText.parent(folder) }
    }
    for name in files.keys.sorted() where current[name] != files[name] {
      let entry = files[name]!
      guard let blob = try objects.object(entry.id), blob.type == "blob" else { continue }
      let target = path + "/" + name
      do {
        try FileManager.default.createDirectory(atPath: PathText.parent(target), withIntermediateDirectories: true)
      } catch {
        throw AuditFrontend.Failure(message: "cannot write \(target): \(error)")
      }
      if entry.mode == "120000" {
        symlink(String(decoding: blob.bytes, as: UTF8.self), target)
      } else {
        guard FileManager.default.createFile(atPath: target, contents: Data(blob.bytes)) else {
          throw AuditFrontend.Failure(message: "cannot write \(target)")
        }
      }
    }
    current = files
  }
}
