// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// The build-tool plugin: audits each asset catalog of a target when the target is built, and
/// prints the findings as `path: warning: message [rule]` lines, which `swift build` shows and
/// Xcode puts beside the image set.
///
/// A build command, not a prebuild command: SwiftPM lets a prebuild command run only a binary
/// target's tool (an artifact bundle), and iconaudit is built here from its sources. A build
/// command also declares its inputs (every file inside the catalog, and the `.iconaudit.json` in
/// force) and one output (a Swift file holding a comment), so the build system runs it again only
/// when one of those files changed: an unchanged catalog costs nothing and prints nothing again.
/// The output is a `.swift` file because SwiftPM compiles a build command's Swift outputs into the
/// target and would copy any other file into a resource bundle the target may not have.
///
/// Severity: every finding is a warning (`--warnings-only`), the build goes on, unless the
/// configuration says `"strict": true`: then the findings keep their severity and an error or a
/// warning fails the build (as `iconaudit audit --strict`). An unreadable image fails it always.
/// iconaudit reads the configuration when it runs, so an edit is seen by the next build; a
/// configuration file created or deleted is seen once SwiftPM plans the build again (a change to
/// Package.swift or to the set of the target's files): SwiftPM asks a plugin for its commands
/// only then, and stops with "missing inputs" while a deleted one is still listed.
@main
struct IconAuditBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "iconaudit").url
    let packageDirectory = context.package.directoryURL
    var commands: [Command] = []
    for (index, catalog) in Self.catalogs(of: target).enumerated() {
      let configuration = Self.configuration(near: catalog, within: packageDirectory)
      var inputs = Self.files(in: catalog)
      // The measurement cache in the plugin's folder (the only one a macOS build command may write).
      var options = ["--format", "xcode", "--warnings-only", "--cache-dir", context.pluginWorkDirectoryURL.appending(path: "cache").path]
      if let configuration {
        inputs.append(configuration)
        options += ["--config", configuration.path]
      }
      // One stamp per catalog; the target's name keeps it apart from the target's own files.
      let name = catalog.deletingPathExtension().lastPathComponent.filter { $0.isLetter || $0.isNumber }
      let stamp = context.pluginWorkDirectoryURL.appending(path: "IconAudit_\(target.name)_\(index)_\(name).swift")
      // sh: the audit prints to the build log; the stamp is written only when it passed, so a
      // failed audit (strict) runs again on the next build.
      let script = #"tool="$1"; catalog="$2"; stamp="$3"; shift 3; "$tool" audit "$catalog" "$@" && printf '// iconaudit audited %s\n' "${catalog##*/}" > "$stamp""#
      commands.append(.buildCommand(
        displayName: "iconaudit \(target.name)/\(catalog.lastPathComponent)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, "sh", tool.path, catalog.path, stamp.path] + options,
        inputFiles: [tool] + inputs,
        outputFiles: [stamp]))
    }
    return commands
  }

  /// The target's asset catalogs: folders named `*.xcassets` among its files (resources, or files
  /// SwiftPM does not handle), outermost first. O(files × path depth).
  static func catalogs(of target: SourceModuleTarget) -> [URL] {
    var found: [String: URL] = [:]
    for file in target.sourceFiles {
      var url = file.url
      var catalog: URL?
      while url.pathComponents.count > 1 {
        if url.pathExtension == "xcassets" { catalog = url }
        url = url.deletingLastPathComponent()
      }
      if let catalog { found[catalog.path] = catalog }
    }
    return found.keys.sorted().compactMap { found[$0] }
  }

  /// Every regular file inside `folder` (the build command's inputs).
  static func files(in folder: URL) -> [URL] {
    guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var files: [URL] = []
    for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      files.append(url)
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The nearest `.iconaudit.json` in the catalog's folder or above, up to the package's folder
  /// (the file `iconaudit audit` would find by itself, made explicit so that it is an input).
  static func configuration(near catalog: URL, within package: URL) -> URL? {
    var folder = catalog.deletingLastPathComponent().standardizedFileURL
    let top = package.standardizedFileURL.path
    while true {
      let candidate = folder.appending(path: ".iconaudit.json")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      if folder.path == top || folder.pathComponents.count <= 1 || !folder.path.hasPrefix(top) { return nil }
      folder = folder.deletingLastPathComponent()
    }
  }
}
