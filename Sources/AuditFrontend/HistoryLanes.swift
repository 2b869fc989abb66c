// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ReportWriters

/// The audits of a history (`history --git`), two at a time: each lane keeps a work folder of its
/// own (``GitWorkFolder``) and takes every other revision, so that one revision's rules, snapshot
/// and next folder update run while the next revision is measured.
///
/// Measuring stays in the revisions' order: a revision's icons are measured only once every icon
/// of the revision before it is measured and stored in the cache (its audit's progress reached the
/// total, or the audit ended). So an icon unchanged since the revision before is found in the cache,
/// never measured twice at once, and the cache is asked in the order a serial run asks it. Nested
/// in one `DispatchQueue.concurrentPerform`, the measuring of each lane would be serial: the second
/// lane is a thread of its own instead, and measuring spreads over the cores as in a single audit.
///
/// Each audit depends only on its own folder's files and the cache's content, which is the same
/// measured or read (byte-identical reports), so the outcomes are those of a serial run; after a
/// failure the audits after it are skipped (a serial run stops there).
///
/// - Complexity: the audits' work, plus writing each lane's folder (the first revision of the second
///   lane writes PATH's files once more); blobs are read from git and hashed once.
final class HistoryLanes: @unchecked Sendable {
  /// One audit: the first revision holding a tree at PATH, and the tree's files.
  struct Job: Sendable {
    var revision: String
    var files: [String: GitObjects.Entry]
  }

  /// What an audit gave: its snapshot or why it failed, and what it said meanwhile.
  struct Outcome: Sendable {
    var snapshot: Result<Snapshot, AuditFrontend.Failure>
    var said: [AuditDiagnostic]
  }

  /// An audit of a job in its work folder: given a call to make once every icon is measured, and
  /// the diagnostics to append to.
  typealias Audit = @Sendable (Job, GitWorkFolder, @escaping @Sendable () -> Void, inout [AuditDiagnostic]) throws(AuditFrontend.Failure) -> Snapshot

  let jobs: [Job]
  private let condition = NSCondition()
  private var outcomes: [Outcome?]
  private var measured: [Bool]
  private var firstFailure = Int.max

  init(jobs: [Job]) {
    self.jobs = jobs
    outcomes = Array(repeating: nil, count: jobs.count)
    measured = Array(repeating: false, count: jobs.count)
  }

  /// The lanes a history of `jobs` audits uses: two on two cores or more, one otherwise.
  static func laneCount(jobs: Int) -> Int {
    min(jobs, ProcessInfo.processInfo.activeProcessorCount >= 2 ? 2 : 1)
  }

  /// Runs every job in `lanes` lanes (lane `l` in the folder `folder(l)`, which exists) and returns
  /// the outcomes in the jobs' order.
  func run(lanes: Int, folder: (Int) -> String, objects: GitObjects, audit: @escaping Audit) -> [Outcome] {
    let done = DispatchGroup()
    for lane in 1..<max(lanes, 1) {
      let path = folder(lane)
      done.enter()
      let thread = Thread { [self] in
        work(lane: lane, of: lanes, folder: path, objects: objects, audit: audit)
        done.leave()
      }
      // As the main thread's: the rules and measurements recurse no deeper there.
      thread.stackSize = 8 << 20
      thread.start()
    }
    if lanes >= 1 { work(lane: 0, of: lanes, folder: folder(0), objects: objects, audit: audit) }
    done.wait()
    return outcomes.map {
      $0 ?? Outcome(snapshot: .failure(AuditFrontend.Failure(message: "not audited: an audit before it failed")), said: [])
    }
  }

  /// The jobs `lane`, `lane + lanes`, … in order, in one work folder.
  private func work(lane: Int, of lanes: Int, folder: String, objects: GitObjects, audit: Audit) {
    var workFolder = GitWorkFolder(path: folder)
    for k in stride(from: lane, to: jobs.count, by: lanes) {
      defer { markMeasured(k) }
      guard !failed(before: k) else { continue }
      var said: [AuditDiagnostic] = []
      do throws(AuditFrontend.Failure) {
        try workFolder.update(to: jobs[k].files, objects: objects)
        waitMeasured(k - 1)
        let snapshot = try audit(jobs[k], workFolder, { [self] in markMeasured(k) }, &said)
        store(k, Outcome(snapshot: .success(snapshot), said: said))
      } catch {
        store(k, Outcome(snapshot: .failure(error), said: said))
      }
    }
  }

  private func store(_ k: Int, _ outcome: Outcome) {
    condition.lock()
    outcomes[k] = outcome
    if case .failure = outcome.snapshot { firstFailure = min(firstFailure, k) }
    condition.unlock()
  }

  private func failed(before k: Int) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return firstFailure < k
  }

  private func markMeasured(_ k: Int) {
    condition.lock()
    measured[k] = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until job `k` is measured (returns at once for k < 0).
  private func waitMeasured(_ k: Int) {
    guard k >= 0 else { return }
    condition.lock()
    while !measured[k] { condition.wait() }
    condition.unlock()
  }
}
