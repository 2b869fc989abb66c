// SPDX-License-Identifier: GPL-3.0-or-later

/// One option of a command: `--name VALUE` or a flag `--name`.
public struct OptionSpec: Sendable, Hashable {
  /// The long name, without the leading `--`.
  public var name: String
  /// A one-letter alias (`-o`), if any.
  public var short: Character?
  /// The value's placeholder in help (`FILE`); nil for a flag.
  public var valueName: String?
  /// Accepted values, if the option takes one of a fixed set.
  public var choices: [String]?
  /// May be given more than once (values accumulate).
  public var repeatable: Bool
  public var help: String

  public init(_ name: String, short: Character? = nil, value valueName: String? = nil,
              choices: [String]? = nil, repeatable: Bool = false, help: String) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.choices = choices
    self.repeatable = repeatable
    self.help = help
  }

  public var isFlag: Bool { valueName == nil }
}

/// A command's static description: parsing, usage and help all come from it.
public struct CommandSpec: Sendable {
  public var name: String
  public var abstract: String
  /// Free text after the options in `--help`.
  public var discussion: String
  public var options: [OptionSpec]
  /// Placeholder for positional arguments (`PATH…`), nil if none are accepted.
  public var positionalName: String?
  public var minimumPositionals: Int
  public var maximumPositionals: Int?

  public init(name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [],
              positionalName: String? = nil, minimumPositionals: Int = 0, maximumPositionals: Int? = nil) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.positionalName = positionalName
    self.minimumPositionals = minimumPositionals
    self.maximumPositionals = maximumPositionals
  }

  /// One-line usage: `iconaudit measure [--format json|text] [--output FILE] PATH…`.
  public var usage: String {
    var parts = [name]
    for option in options {
      if let valueName = option.valueName {
        let shown = option.choices?.joined(separator: "|") ?? valueName
        parts.append("[--\(option.name) \(shown)]")
      } else {
        parts.append("[--\(option.name)]")
      }
    }
    if let positionalName { parts.append(minimumPositionals > 0 ? positionalName : "[\(positionalName)]") }
    return parts.joined(separator: " ")
  }

  /// The usage printed after a usage error: `iconaudit audit [options] PATH…`. The options are
  /// left to `--help` (the one-line `usage` of a command with thirty options fills a screen, and
  /// the error above it already names the option at fault).
  public var shortUsage: String {
    var parts = [name]
    if !options.isEmpty { parts.append("[options]") }
    if let positionalName { parts.append(minimumPositionals > 0 ? positionalName : "[\(positionalName)]") }
    return parts.joined(separator: " ")
  }

  /// The full `--help` text.
  public var help: String {
    var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)", ""]
    let all = options + [OptionSpec("help", short: "h", help: "Show this help.")]
    lines.append("OPTIONS:")
    let labels = all.map { option -> String in
      var label = option.short.map { "-\($0), " } ?? ""
      label += "--\(option.name)"
      if let valueName = option.valueName { label += " \(valueName)" }
      return label
    }
    let width = min(max(labels.map(\.count).max() ?? 0, 12), 32)
    for (option, label) in zip(all, labels) {
      var help = option.help
      if let choices = option.choices { help += " (\(choices.joined(separator: ", ")))" }
      let pad = label.count < width ? String(repeating: " ", count: width - label.count) : "\n  " + String(repeating: " ", count: width)
      lines.append("  \(label)\(pad)  \(help)")
    }
    if !discussion.isEmpty { lines += ["", discussion] }
    return lines.joined(separator: "\n") + "\n"
  }
}
