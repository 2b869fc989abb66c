// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Testing

@Suite struct SnapshotSourceTests {
  /// A child writing far more than a pipe holds (64 KiB) to standard error before it writes its
  /// standard output: both pipes are read at once, so neither side waits forever.
  @Test func aChildWithMuchErrorOutputDoesNotBlock() throws {
    let script = "head -c 300000 /dev/zero | tr '\\000' x >&2; echo done"
    #expect(try SnapshotSource.run(["sh", "-c", script]) == "done\n")
  }

  /// A failing child is named with what it wrote to standard error (a large error output too).
  @Test func aFailingChildIsNamedWithItsErrors() {
    let script = "head -c 100000 /dev/zero | tr '\\000' x >&2; echo ' the reason' >&2; exit 3"
    #expect {
      try SnapshotSource.run(["sh", "-c", script])
    } throws: { error in
      let message = (error as? AuditFrontend.Failure)?.message ?? ""
      return message.hasPrefix("sh -c ") && message.hasSuffix("x the reason") && message.count > 100_000
    }
  }
}
