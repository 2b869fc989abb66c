// SPDX-License-Identifier: GPL-3.0-or-later
import IconSupport

/// A usage error: the message to print above the usage; the tool exits 64 (EX_USAGE).
public enum ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An option the command does not have, with the command's options close to it (``CloseNames``).
  case unknownOption(String, didYouMean: [String] = [])
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case invalidChoice(option: String, value: String, choices: [String])
  case invalidValue(option: String, value: String, expected: String)
  case repeatedOption(String)
  case missingPositional(String)
  case tooManyPositionals(String)
  /// A command the tool does not have, with the commands close to it.
  case unknownCommand(String, didYouMean: [String] = [])

  public var description: String {
    switch self {
    case .unknownOption(let o, let close): return "unknown option '\(o)'" + CloseNames.didYouMean(close)
    case .missingValue(let o): return "option '--\(o)' needs a value"
    case .unexpectedValue(let o): return "option '--\(o)' takes no value"
    case .invalidChoice(let o, let v, let c):
      // A choice typed in another case or with a typo (`--role tabbar`) is named back as spelt.
      let close = CloseNames.among(c, near: v)
      if !close.isEmpty { return "invalid value '\(v)' for '--\(o)'" + CloseNames.didYouMean(close) }
      return "invalid value '\(v)' for '--\(o)' (expected one of: \(c.joined(separator: ", ")))"
    case .invalidValue(let o, let v, let e): return "invalid value '\(v)' for '--\(o)' (expected \(e))"
    case .repeatedOption(let o): return "option '--\(o)' given more than once"
    case .missingPositional(let name): return "missing argument \(name)"
    case .tooManyPositionals(let a): return "unexpected argument '\(a)'"
    case .unknownCommand(let c, let close): return "unknown command '\(c)'" + CloseNames.didYouMean(close)
    }
  }
}

/// The result of parsing: option values by long name, flags, positionals; or a help request.
public struct ParsedArguments: Sendable, Equatable {
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []
  public var positionals: [String] = []
  public var helpRequested = false

  public init() {}

  /// The last value of an option.
  public func value(_ name: String) -> String? { values[name]?.last }
  public func allValues(_ name: String) -> [String] { values[name] ?? [] }
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// An option's value as a number in a range, or a usage error naming the option.
  public func double(_ name: String, in range: ClosedRange<Double>) throws(ArgumentError) -> Double? {
    guard let raw = value(name) else { return nil }
    guard let number = Double(raw), number.isFinite, range.contains(number) else {
      // Whole bounds without a decimal point (1…1000000, not 1.0…1000000.0).
      func bound(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
      throw .invalidValue(option: name, value: raw, expected: "a number in \(bound(range.lowerBound))…\(bound(range.upperBound))")
    }
    return number
  }
}

/// Parses arguments against a command's spec.
///
/// Accepts `--opt value`, `--opt=value`, `-o value`, flags `--flag`, `--` (everything after it is
/// positional), and `-` as a positional. Unknown options, missing values and values given to
/// flags are errors. `--help`/`-h` anywhere before `--` sets `helpRequested` and stops checking
/// positionals.
public func parseArguments(_ arguments: [String], for spec: CommandSpec) throws(ArgumentError) -> ParsedArguments {
  var result = ParsedArguments()
  var byName: [String: OptionSpec] = [:]
  var byShort: [Character: OptionSpec] = [:]
  for option in spec.options {
    byName[option.name] = option
    if let short = option.short { byShort[short] = option }
  }
  var index = 0
  var onlyPositionals = false
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
      result.positionals.append(argument)
      continue
    }
    if argument == "--" {
      onlyPositionals = true
      continue
    }
    if argument == "--help" || argument == "-h" {
      result.helpRequested = true
      continue
    }
    let option: OptionSpec
    var inlineValue: String?
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name: Substring
      if let eq = body.firstIndex(of: "=") {
        name = body[..<eq]
        inlineValue = String(body[body.index(after: eq)...])
      } else {
        name = body
      }
      guard let found = byName[String(name)] else {
        throw .unknownOption("--" + name, didYouMean: CloseNames.among(spec.options.map(\.name), near: String(name)).map { "--" + $0 })
      }
      option = found
    } else {
      let body = argument.dropFirst()
      guard body.count == 1, let found = byShort[body.first!] else { throw .unknownOption(argument) }
      option = found
    }
    if option.isFlag {
      if inlineValue != nil { throw .unexpectedValue(option: option.name) }
      result.flags.insert(option.name)
      continue
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else {
      guard index < arguments.count else { throw .missingValue(option: option.name) }
      value = arguments[index]
      index += 1
    }
    if let choices = option.choices, !choices.contains(value) {
      throw .invalidChoice(option: option.name, value: value, choices: choices)
    }
    if !option.repeatable, result.values[option.name] != nil { throw .repeatedOption(option.name) }
    result.values[option.name, default: []].append(value)
  }
  if result.helpRequested { return result }
  if result.positionals.count < spec.minimumPositionals {
    throw .missingPositional(spec.positionalName ?? "argument")
  }
  if let maximum = spec.maximumPositionals, result.positionals.count > maximum {
    throw .tooManyPositionals(result.positionals[maximum])
  }
  return result
}
