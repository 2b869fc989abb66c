// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Whether an existing file is one iconaudit wrote, told by each output's own marks
/// (``IconauditOutput``): the report formats of ``ReportFormats/all`` and the other outputs
/// (measurements, drift, history, baselines). `--output` replaces such a file without `--force`.
public enum OutputRecognition {
  /// Every kind of file iconaudit writes.
  static var outputs: [any IconauditOutput.Type] { ReportFormats.all + OtherOutputs.all }

  /// How far into each end of a file the text outputs are looked at.
  static let window = 16 * 1024

  /// Whether the file at `path` is missing, empty, not a regular file, or is something iconaudit
  /// writes. A JSON file (its first non-blank character `{`) is searched for the JSON outputs'
  /// marks as iconaudit writes them (``IconauditOutput/jsonMarks``); any other file is sampled
  /// (``OutputSample``) and offered to each output's ``IconauditOutput/recognizes(_:)``.
  /// - Complexity: O(file size) for JSON (read a megabyte at a time from the end, where sorted
  ///   keys put the reports' `tool`), else O(32 KiB).
  public static func looksWrittenByIconaudit(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: window)) ?? Data()
    let text = String(decoding: head, as: UTF8.self)
    let trimmed = text.drop { $0.isWhitespace }
    if trimmed.hasPrefix("{") {
      // A JSON report's marks can sit anywhere (keys are sorted; a report of 10,000 icons is tens
      // of MB): the file is searched for them as iconaudit writes them, a megabyte at a time,
      // rather than parsed (parsing a 31 MB report took a second and 400 MB).
      var sets: [[String]] = []
      for set in outputs.flatMap({ $0.jsonMarks }) where !sets.contains(set) { sets.append(set) }
      return containsAll(handle, any: sets)
    }
    let size = Int(info.st_size)
    let cut = size > window
    var tail = text
    if cut {
      _ = try? handle.seek(toOffset: UInt64(size - window))
      tail = String(decoding: (try? handle.read(upToCount: window)) ?? Data(), as: UTF8.self)
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let sample = OutputSample(
      kind: trimmed.hasPrefix("<!DOCTYPE html>") || trimmed.hasPrefix("<html") ? .html : .text,
      head: text, firstLine: lines.first ?? "", secondLine: lines.dropFirst().first ?? "",
      lastLine: tail.split(separator: "\n").last ?? "",
      completeLines: (cut ? lines.dropLast() : lines[...]).filter { !$0.isEmpty }
        + (cut ? tail.split(separator: "\n").dropFirst() : []))
    return outputs.contains { $0.recognizes(sample) }
  }

  /// Whether the file holds every string of at least one of `any`'s sets, read a megabyte at a time
  /// from its end (sorted keys put the reports' `tool` near the end), each read overlapping the
  /// previous one by the longest string.
  static func containsAll(_ handle: FileHandle, any sets: [[String]]) -> Bool {
    let needles = sets.map { $0.map { Array($0.utf8) } }
    var found = needles.map { [Bool](repeating: false, count: $0.count) }
    let overlap = needles.joined().map(\.count).max() ?? 0
    guard let size = try? handle.seekToEnd() else { return false }
    let chunk: UInt64 = 1 << 20
    var end = size
    while end > 0 {
      let start = end > chunk ? end - chunk : 0
      guard (try? handle.seek(toOffset: start)) != nil,
        let data = try? handle.read(upToCount: Int(min(end + UInt64(overlap), size) - start))
      else { return false }
      data.withUnsafeBytes { raw in
        for (i, set) in needles.enumerated() {
          for (j, needle) in set.enumerated() where !found[i][j] { found[i][j] = contains(raw, needle) }
        }
      }
      if found.contains(where: { !$0.contains(false) }) { return true }
      end = start
    }
    return false
  }

  /// Whether `needle` occurs in `haystack` (memchr to each candidate first byte, then a compare).
  static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, let base = haystack.baseAddress, haystack.count >= needle.count else { return needle.isEmpty }
    let last = haystack.count - needle.count
    var start = 0
    while start <= last {
      guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
      let at = base.distance(to: UnsafeRawPointer(hit))
      if needle.withUnsafeBytes({ memcmp(base + at, $0.baseAddress!, needle.count) }) == 0 { return true }
      start = at + 1
    }
    return false
  }
}
