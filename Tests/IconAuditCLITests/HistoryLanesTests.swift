// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AuditFrontend
import Foundation
import Guidelines
import ReportWriters
import Testing

/// A history's audits in two lanes: each revision is measured only after the revision before it,
/// outcomes come back in the revisions' order with what each audit said, and after a failure the
/// failed audit is reported as such (a serial run stops there).
@Suite struct HistoryLanesTests {
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var events: [String] = []
    func add(_ event: String) {
      lock.lock()
      events.append(event)
      lock.unlock()
    }
  }

  @Test func measuringFollowsTheRevisionsOrderAndOutcomesComeBackInOrder() throws {
    let repo = try makeTemporaryFolder("history-lanes")
    defer { try? FileManager.default.removeItem(atPath: repo) }
    _ = try git(["init", "-q"], in: repo)
    let objects = try GitObjects(top: repo)
    let jobs = (0..<7).map { HistoryLanes.Job(revision: "r\($0)", files: [:]) }
    for lane in 0..<2 { try FileManager.default.createDirectory(atPath: repo + "/work\(lane)", withIntermediateDirectories: true) }
    let log = Log()
    let outcomes = HistoryLanes(jobs: jobs).run(lanes: 2, folder: { repo + "/work\($0)" }, objects: objects) {
      (job, _, measured, said: inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot in
      log.add("start \(job.revision)")
      // Uneven work: the lanes would overtake each other without the order.
      if job.revision == "r0" || job.revision == "r3" { Thread.sleep(forTimeInterval: 0.05) }
      log.add("measured \(job.revision)")
      measured()
      said.append(.codeNote("said by \(job.revision)"))
      if job.revision == "r4" { throw AuditFrontend.Failure(message: "r4 failed") }
      return Snapshot(report: AuditReport(label: job.revision, icons: [], families: [], findings: []), toolVersion: "TEST", source: job.revision)
    }
    let events = log.events
    for k in 1..<5 {
      let start = try #require(events.firstIndex(of: "start r\(k)"))
      let before = try #require(events.firstIndex(of: "measured r\(k - 1)"))
      #expect(start > before, "\(events)")
    }
    #expect(outcomes.count == 7)
    for k in 0..<4 {
      #expect((try? outcomes[k].snapshot.get())?.label == "r\(k)")
      #expect(outcomes[k].said.map(\.description) == ["app code: said by r\(k)"])
    }
    #expect(throws: AuditFrontend.Failure.self) { try outcomes[4].snapshot.get() }
    #expect(outcomes[4].said.map(\.description) == ["app code: said by r4"])
  }
}
