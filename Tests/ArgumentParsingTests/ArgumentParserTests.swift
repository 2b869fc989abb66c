// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import Testing

private let spec = CommandSpec(
  name: "tool measure", abstract: "Measure.",
  options: [
    OptionSpec("format", value: "FORMAT", choices: ["json", "text"], help: "Output format."),
    OptionSpec("output", short: "o", value: "FILE", help: "Write to FILE."),
    OptionSpec("strict", help: "Warnings fail."),
    OptionSpec("tag", value: "T", repeatable: true, help: "A tag."),
  ],
  positionalName: "PATH…", minimumPositionals: 1)

@Suite struct ArgumentParserTests {
  @Test func separateAndInlineValues() throws {
    let parsed = try parseArguments(["--format", "json", "--output=out.json", "a.png", "--strict", "b"], for: spec)
    #expect(parsed.value("format") == "json")
    #expect(parsed.value("output") == "out.json")
    #expect(parsed.flag("strict"))
    #expect(parsed.positionals == ["a.png", "b"])
  }

  @Test func shortAliasAndDoubleDash() throws {
    let parsed = try parseArguments(["-o", "x", "--", "--strict", "-o"], for: spec)
    #expect(parsed.value("output") == "x")
    #expect(!parsed.flag("strict"))
    #expect(parsed.positionals == ["--strict", "-o"])
  }

  @Test func inlineEmptyValueIsAValue() throws {
    let parsed = try parseArguments(["--output=", "p"], for: spec)
    #expect(parsed.value("output") == "")
  }

  @Test func repeatable() throws {
    let parsed = try parseArguments(["--tag", "a", "--tag=b", "p"], for: spec)
    #expect(parsed.allValues("tag") == ["a", "b"])
  }

  @Test func errors() {
    #expect(throws: ArgumentError.unknownOption("--nope")) { try parseArguments(["--nope", "p"], for: spec) }
    #expect(throws: ArgumentError.unknownOption("-x")) { try parseArguments(["-x", "p"], for: spec) }
    #expect(throws: ArgumentError.missingValue(option: "output")) { try parseArguments(["p", "--output"], for: spec) }
    #expect(throws: ArgumentError.unexpectedValue(option: "strict")) { try parseArguments(["--strict=1", "p"], for: spec) }
    #expect(throws: ArgumentError.invalidChoice(option: "format", value: "xml", choices: ["json", "text"])) {
      try parseArguments(["--format", "xml", "p"], for: spec)
    }
    #expect(throws: ArgumentError.repeatedOption("output")) { try parseArguments(["-o", "a", "-o", "b", "p"], for: spec) }
    #expect(throws: ArgumentError.missingPositional("PATH…")) { try parseArguments(["--strict"], for: spec) }
  }

  /// A mistyped option or choice is named back as the command spells it.
  @Test func suggestionsForTypos() {
    #expect(throws: ArgumentError.unknownOption("--fromat", didYouMean: ["--format"])) { try parseArguments(["--fromat", "json", "p"], for: spec) }
    #expect("\(ArgumentError.unknownOption("--fromat", didYouMean: ["--format"]))" == "unknown option '--fromat' (did you mean '--format'?)")
    #expect("\(ArgumentError.invalidChoice(option: "format", value: "JSON", choices: ["json", "text"]))"
            == "invalid value 'JSON' for '--format' (did you mean 'json'?)")
    #expect("\(ArgumentError.invalidChoice(option: "role", value: "tab-bar", choices: ["tabBar", "toolbar"]))"
            == "invalid value 'tab-bar' for '--role' (did you mean 'tabBar'?)")
    #expect("\(ArgumentError.unknownCommand("audti", didYouMean: ["audit"]))" == "unknown command 'audti' (did you mean 'audit'?)")
  }

  @Test func helpWinsOverMissingPositionals() throws {
    let parsed = try parseArguments(["--help"], for: spec)
    #expect(parsed.helpRequested)
    #expect(spec.help.contains("--format FORMAT"))
    #expect(spec.help.contains("-o, --output FILE"))
    #expect(spec.usage == "tool measure [--format json|text] [--output FILE] [--strict] [--tag T] PATH…")
    #expect(spec.shortUsage == "tool measure [options] PATH…")
    let bare = CommandSpec(name: "tool version", abstract: "Prints the version.")
    #expect(bare.shortUsage == "tool version")
  }

  @Test func numericOption() throws {
    let good = try parseArguments(["--output", "2.5", "p"], for: spec)
    #expect(try good.double("output", in: 0.5...4) == 2.5)
    let bad = try parseArguments(["--output", "abc", "p"], for: spec)
    #expect(throws: ArgumentError.self) { try bad.double("output", in: 0.5...4) }
    // The range in the message as a person writes it: whole bounds without ".0".
    #expect(throws: ArgumentError.invalidValue(option: "output", value: "abc", expected: "a number in 1…1000000")) {
      try bad.double("output", in: 1...1_000_000)
    }
    #expect(throws: ArgumentError.invalidValue(option: "output", value: "abc", expected: "a number in 0.5…4")) {
      try bad.double("output", in: 0.5...4)
    }
  }
}
