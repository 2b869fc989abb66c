// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// scripts/ci-example: the README's GitHub Actions workflow run here on a fixture repository
/// (with the debug build's iconaudit). About 30 s on a loaded 2-core machine; run by
/// `scripts/test` (ICONAUDIT_INTEGRATION_TESTS=1).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ICONAUDIT_INTEGRATION_TESTS"] == "1"))
struct CIExampleTests {
  let root = ProcessRun.repositoryRoot

  @Test func theWorkflowAnnotatesSummarisesUploadsAndComments() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("ci-example-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let run = try ProcessRun.run([root + "/scripts/ci-example", "--out", out, "--iconaudit", root + "/.build/debug/iconaudit"], in: root)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("Upload the SARIF to code scanning: checked, not uploaded: SARIF 2.1.0"), "\(run.output)")

    // Annotations on the pull request: workflow commands with repository-relative files.
    let annotations = try String(contentsOfFile: out + "/annotations.txt", encoding: .utf8)
    #expect(annotations.hasPrefix("::notice title=iconaudit summary::17 images found"), "\(annotations)")
    #expect(annotations.contains("::error file=App/Assets.xcassets/Toolbar/archive.imageset/archive@3x.png,title=iconaudit drop_shadow::"))
    // The SARIF the upload step checked.
    let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/iconaudit.sarif"))) as? [String: Any]
    #expect(sarif?["version"] as? String == "2.1.0")
    // The job summary: the Markdown report.
    let summary = try String(contentsOfFile: out + "/step-summary.md", encoding: .utf8)
    #expect(summary.contains("drop_shadow") && summary.contains("Toolbar"), "\(summary)")
    // The drift comment, as posted to the pull request's comments.
    let comment = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/comment.json"))) as? [String: Any]
    let body = comment?["body"] as? String ?? ""
    #expect(body.contains("iconaudit drift: origin/main → HEAD") && body.contains("**New findings**"), "\(body)")
    let requests = try String(contentsOfFile: out + "/requests.txt", encoding: .utf8)
    #expect(requests.contains("https://api.github.com/repos/example/phone-app/issues/7/comments"), "\(requests)")
  }

  /// The README shows the workflow file that scripts/ci-example runs, word for word, and its
  /// iconaudit version is the one the binary reports (AuditFrontend.toolVersion).
  @Test func theReadmeShowsTheWorkflowThatRuns() throws {
    let workflow = try String(contentsOfFile: root + "/Documentation/iconaudit-workflow.yml", encoding: .utf8)
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    #expect(readme.contains("```yaml\n" + workflow + "```\n"), "README.md's workflow differs from Documentation/iconaudit-workflow.yml")
    let version = try ProcessRun.run([root + "/.build/debug/iconaudit", "--version"], in: root).output
    #expect(workflow.contains("ICONAUDIT_VERSION: \"\(version.replacingOccurrences(of: "iconaudit ", with: "").trimmingCharacters(in: .whitespacesAndNewlines))\""), "\(version)")
  }
}
