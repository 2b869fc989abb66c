// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import ReportWriters

/// `iconaudit rules`: the rule catalogue.
enum RulesCommand {
  static let spec = CommandSpec(
    name: "iconaudit rules",
    abstract: "List the guideline rules: identifiers, rationale, thresholds.",
    options: [OptionSpec("format", value: "FORMAT", choices: ["text", "markdown"], help: "Output format (default text).")],
    maximumPositionals: 0)

  static func run(_ arguments: ParsedArguments) throws(ArgumentError) -> ExitCode {
    Console.out(arguments.value("format") == "markdown" ? RuleCatalogWriter.markdown() : RuleCatalogWriter.text())
    return .success
  }
}
