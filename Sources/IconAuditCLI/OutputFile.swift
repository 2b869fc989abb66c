// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster

/// Writes a report file atomically (a temporary file in the same folder, then a rename), so a
/// reader never sees half a report, and refuses to write over any input file.
enum OutputFile {
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  static func write(_ text: String, to path: String, inputs: [String]) throws {
    let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    for input in inputs {
      let resolved = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
      if target == resolved || target.hasPrefix(resolved.hasSuffix("/") ? resolved : resolved + "/") && isIconFile(target) {
        throw Refusal(description: "\(path): refusing to overwrite an input file")
      }
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw Refusal(description: "\(path): is a directory")
    }
    let folder = PathText.parent(target)
    let temporary = (folder as NSString).appendingPathComponent(".\((target as NSString).lastPathComponent).\(UUID().uuidString).tmp")
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, target) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(atPath: temporary)
        throw Refusal(description: "\(path): cannot write (\(reason))")
      }
    } catch let refusal as Refusal {
      throw refusal
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw Refusal(description: "\(path): cannot write (\((error as NSError).localizedDescription))")
    }
  }

  /// Writes a report to `path` (atomically) or, without a path, to standard output. Returns
  /// false after naming the problem on stderr when the file cannot be written.
  static func emit(_ text: String, to path: String?, inputs: [String]) -> Bool {
    guard let path else {
      Console.out(text)
      return true
    }
    do {
      try write(text, to: path, inputs: inputs)
      return true
    } catch {
      Console.err("iconaudit: \(error)")
      return false
    }
  }

  private static func isIconFile(_ path: String) -> Bool {
    ["png", "svg", "pdf", "json"].contains((path as NSString).pathExtension.lowercased())
  }
}
