// SPDX-License-Identifier: GPL-3.0-or-later

/// The names a mistyped one was likely meant to be, for "did you mean …?" in usage and
/// configuration errors (a command, an option, a choice, a rule or threshold name).
///
/// Names are compared by their letters and digits, lower-cased (`Perceived-Size-Outlier` is
/// `perceived_size_outlier`, `tabbar` is `tabBar`): a name is close when one key contains the other
/// (keys of 3 characters or more) or they are at most `maximumEdits` edits apart (Levenshtein:
/// insertions, deletions, substitutions). O(k·n·m) for k known names of length m and a name of
/// length n.
public enum CloseNames {
  /// The names of `known` close to `name`, in `known`'s order.
  public static func among(_ known: [String], near name: String, maximumEdits: Int = 2) -> [String] {
    let wanted = key(name)
    guard !wanted.isEmpty else { return [] }
    return known.filter { candidate in
      let have = key(candidate)
      guard !have.isEmpty else { return false }
      if have == wanted { return true }
      if min(have.count, wanted.count) >= 3 && (have.contains(wanted) || wanted.contains(have)) { return true }
      return editDistance(Array(have.utf8), Array(wanted.utf8)) <= maximumEdits
    }
  }

  /// " (did you mean 'a' or 'b'?)" for `names`, or "" when there is none.
  public static func didYouMean(_ names: [String]) -> String {
    names.isEmpty ? "" : " (did you mean \(names.map { "'\($0)'" }.joined(separator: " or "))?)"
  }

  /// A name's letters and digits, lower-cased.
  static func key(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// Levenshtein distance, one row at a time: O(|a|·|b|) time, O(|b|) memory.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in 1...b.count {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
}
