// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParsing
import AuditFrontend
import IconRaster
import IconSupport
import Foundation

/// The `iconaudit` command line: parse, dispatch, set the exit code. The work is in the library.
public enum IconAuditCommand {
  public static let version = AuditFrontend.toolVersion

  static let subcommands: [(name: String, abstract: String)] = [
    ("audit", AuditCommand.spec.abstract),
    ("measure", MeasureCommand.spec.abstract),
    ("rules", RulesCommand.spec.abstract),
    ("drift", DriftCommand.spec.abstract),
    ("history", HistoryCommand.spec.abstract),
  ]

  static var help: String {
    var lines = [
      "OVERVIEW: iconaudit \(version): audits a family of iOS bar icons for consistency, from pixels.",
      "",
      "USAGE: iconaudit <command> [options]",
      "",
      "COMMANDS:",
    ]
    for command in subcommands {
      lines.append("  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.abstract)
    }
    lines += ["", "OPTIONS:", "  --version   Print the version.",
              "  -h, --help  Show help. 'iconaudit <command> --help' (or 'iconaudit help <command>') shows a command's options.", ""]
    return lines.joined(separator: "\n")
  }

  /// Runs the tool and exits the process.
  public static func main() -> Never {
    // Only the iconaudit executable can serve as its own render helper; `run` called from another
    // program renders vectors in process.
    CommonOptions.executableServesRenderHelper = true
    UntilExit.enabled = true
    let code = run(Array(CommandLine.arguments.dropFirst()))
    RenderHelper.stopServers()
    exit(Console.outputFailed ? ExitCode.failure.rawValue : code.rawValue)
  }

  /// Runs the tool with arguments (without the program name) and returns the exit code (a failure to
  /// write standard output is ``Console/outputFailed``, which ``main()`` turns into exit code 70).
  public static func run(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
      Console.err("iconaudit: missing command\n\n" + help)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--version", "version":
      Console.out("iconaudit \(version)\n")
      return .success
    case "--help", "-h", "help":
      // `iconaudit help audit`: the command's help, as `iconaudit audit --help`.
      if first == "help", let command = rest.first, subcommands.contains(where: { $0.name == command }) {
        return run([command, "--help"])
      }
      Console.out(help)
      return .success
    case "audit":
      return runCommand(AuditCommand.spec, rest, AuditCommand.run)
    case "measure":
      return runCommand(MeasureCommand.spec, rest, MeasureCommand.run)
    case "rules":
      return runCommand(RulesCommand.spec, rest, RulesCommand.run)
    case "drift":
      return runCommand(DriftCommand.spec, rest, DriftCommand.run)
    case "history":
      return runCommand(HistoryCommand.spec, rest, HistoryCommand.run)
    case CommonOptions.renderHelperCommand:
      // Not a user command: the helper process of an isolated vector render (see RenderHelper).
      return RenderHelper.serve(rest) == 0 ? .success : .failure
    case CommonOptions.renderServerCommand:
      // Not a user command: a helper process serving isolated vector renders (see RenderHelper).
      return RenderHelper.serveRequests() == 0 ? .success : .failure
    default:
      let close = CloseNames.among(subcommands.map(\.name), near: first)
      Console.err("iconaudit: \(ArgumentError.unknownCommand(first, didYouMean: close))\n\n" + help)
      return .usage
    }
  }

  static func runCommand(_ spec: CommandSpec, _ arguments: [String],
                         _ body: (ParsedArguments) throws(ArgumentError) -> ExitCode) -> ExitCode {
    do {
      let parsed = try parseArguments(arguments, for: spec)
      if parsed.helpRequested {
        Console.out(spec.help)
        return .success
      }
      return try body(parsed)
    } catch {
      Console.err("iconaudit: \(error)\nUsage: \(spec.shortUsage)\nSee 'iconaudit \(spec.name.split(separator: " ").last ?? "") --help'.")
      return .usage
    }
  }
}
