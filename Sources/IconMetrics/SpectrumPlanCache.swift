// SPDX-License-Identifier: GPL-3.0-or-later
internal import CFFTW
import Foundation

/// A process-wide cache of FFTW plans, keyed by (width, height, direction).
///
/// FFTW's planner (`fftw_plan_*`, `fftw_destroy_plan`) shares global state and is not thread-safe;
/// only the `fftw_execute*` family is (FFTW manual §5.4, "Thread safety"). So:
/// - plans are created and destroyed only while holding ``plannerLock`` (one `NSLock`);
/// - a plan is created once per size on scratch arrays and then run with the new-array execute
///   functions (`fftw_execute_dft_r2c` / `fftw_execute_dft_c2r`, manual §4.6) on each caller's own
///   `fftw_malloc`'d buffers (``SpectrumWorkspace``), which have the alignment the plan assumed;
/// - plans use `FFTW_ESTIMATE`: the planner's choice depends only on the size and alignment, never on
///   timing, so results are bit-for-bit repeatable (`FFTW_MEASURE` is not);
/// - the cache keeps at most ``capacity`` plans and evicts the least recently used one. A plan is a
///   reference-counted ``SpectrumPlan``: evicting it while another thread executes it is safe, the
///   FFTW plan is destroyed (under the lock) when its last user lets go.
///
/// Lookup is O(1) amortised under the lock (O(capacity) on eviction); creating an `FFTW_ESTIMATE`
/// plan is O(log N) planner work, not a transform.
package final class SpectrumPlanCache: @unchecked Sendable {
  /// The direction of a real 2-D transform.
  package enum Kind: Hashable, Sendable {
    /// Real `height × width` array to its `height × (width/2 + 1)` half spectrum.
    case realToComplex
    /// Half spectrum back to a real array, unnormalised (scaled by width·height); destroys its input.
    case complexToReal
  }

  private struct Key: Hashable {
    var width: Int
    var height: Int
    var kind: Kind
  }

  /// The one lock around every call into FFTW's planner (create and destroy).
  static let plannerLock = NSLock()

  /// The shared cache used by every ``Spectrum`` function.
  package static let shared = SpectrumPlanCache()

  /// The most plans kept; older ones are released.
  package let capacity: Int
  private var plans: [Key: (plan: SpectrumPlan, lastUse: UInt64)] = [:]
  private var clock: UInt64 = 0
  private var created = 0

  package init(capacity: Int = 48) {
    precondition(capacity >= 1, "a plan cache needs room for one plan")
    self.capacity = capacity
  }

  /// The plan for a real `width × height` transform in the given direction, created on first use.
  package func plan(width: Int, height: Int, kind: Kind) -> SpectrumPlan {
    precondition(width >= 1 && height >= 1, "empty transform")
    precondition(width <= Int(Int32.max) && height <= Int(Int32.max), "transform too large for FFTW")
    let key = Key(width: width, height: height, kind: kind)
    var evicted: [SpectrumPlan] = []
    let plan: SpectrumPlan = Self.plannerLock.withLock {
      clock &+= 1
      if let entry = plans[key] {
        plans[key] = (entry.plan, clock)
        return entry.plan
      }
      let fresh = SpectrumPlan(lockedWidth: width, height: height, kind: kind)
      created += 1
      plans[key] = (fresh, clock)
      while plans.count > capacity, let oldest = plans.min(by: { $0.value.lastUse < $1.value.lastUse }) {
        evicted.append(oldest.value.plan)
        plans[oldest.key] = nil
      }
      return fresh
    }
    // A released plan takes the lock in its deinit: drop evicted plans only after unlocking.
    evicted.removeAll()
    return plan
  }

  /// The number of plans held now.
  package var count: Int { Self.plannerLock.withLock { plans.count } }

  /// How many plans this cache has created since it was made (a test hook: cache hits create none).
  package var plansCreated: Int { Self.plannerLock.withLock { created } }

  /// Releases every cached plan (plans still in use elsewhere live until their users finish).
  package func removeAll() {
    var released: [SpectrumPlan] = []
    Self.plannerLock.withLock {
      released = plans.values.map(\.plan)
      plans.removeAll()
    }
    released.removeAll()
  }
}

/// One FFTW plan for a real 2-D transform of a fixed size and direction.
///
/// Immutable after creation; `execute(on:)` only calls `fftw_execute_dft_r2c` / `_c2r`, which FFTW
/// documents as thread-safe, so one plan may run on many threads at once with different buffers.
package final class SpectrumPlan: @unchecked Sendable {
  package let width: Int
  package let height: Int
  package let kind: SpectrumPlanCache.Kind
  private let raw: fftw_plan

  /// Creates the plan. The caller must hold ``SpectrumPlanCache/plannerLock``.
  fileprivate init(lockedWidth width: Int, height: Int, kind: SpectrumPlanCache.Kind) {
    self.width = width
    self.height = height
    self.kind = kind
    // Plan on scratch arrays with fftw_malloc's alignment, the same as every workspace's.
    let scratch = SpectrumWorkspace(width: width, height: height)
    let flags = UInt32(FFTW_ESTIMATE)
    let made: fftw_plan?
    switch kind {
    case .realToComplex:
      made = fftw_plan_dft_r2c_2d(Int32(height), Int32(width), scratch.real, scratch.complex, flags)
    case .complexToReal:
      made = fftw_plan_dft_c2r_2d(Int32(height), Int32(width), scratch.complex, scratch.real, flags)
    }
    guard let made else { fatalError("FFTW could not plan a \(width)×\(height) transform") }
    raw = made
  }

  deinit {
    let raw = self.raw
    SpectrumPlanCache.plannerLock.withLock { fftw_destroy_plan(raw) }
  }

  /// Runs the transform on `workspace`'s arrays (real → complex, or complex → real).
  ///
  /// - Complexity: O(N log N) for N = width·height.
  package func execute(on workspace: SpectrumWorkspace) {
    precondition(workspace.width == width && workspace.height == height, "workspace size differs from the plan's")
    switch kind {
    case .realToComplex: fftw_execute_dft_r2c(raw, workspace.real, workspace.complex)
    case .complexToReal: fftw_execute_dft_c2r(raw, workspace.complex, workspace.real)
    }
  }
}
