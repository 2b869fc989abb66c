// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import IconRaster
import Testing

/// The parent side of isolated vector rendering (`VectorRendering.isolated`), driven by stand-in
/// helpers written in sh: every way a helper can fail ends as a `renderAborted` error naming the file,
/// within the deadline, with nothing left running.
@Suite struct RenderIsolationTests {
  static let file = IconFile(path: "icons/hostile.svg", relativePath: "hostile.svg", kind: .svg, scale: nil)

  func outcome(_ script: String, timeout: Double = 5, limits: DecodeLimits = .default) -> (String, TimeInterval) {
    let helper = RenderHelper(executable: "/bin/sh", arguments: ["-c", script, "sh"], timeout: timeout)
    let started = Date()
    do {
      let image = try IconLoader.load(Self.file, vectorScale: 2, limits: limits, rendering: .isolated(helper))
      return ("image \(image.width)×\(image.height)", Date().timeIntervalSince(started))
    } catch {
      #expect(error.path == "icons/hostile.svg")
      return (error.reason, Date().timeIntervalSince(started))
    }
  }

  @Test func aHelperThatNeverAnswersIsKilledAtTheDeadline() {
    let (reason, elapsed) = outcome("exec sleep 60", timeout: 0.5)
    #expect(reason == "rendering stopped (took longer than 0.50 s, the render time limit)" || reason.contains("took longer than 0.5"),
            "\(reason)")
    #expect(elapsed < 5)
  }

  @Test func aHelperThatAnswersHalfAndHangsIsKilledToo() {
    let (reason, elapsed) = outcome("printf IAV1; exec sleep 60", timeout: 0.5)
    #expect(reason.contains("took longer than"), "\(reason)")
    #expect(elapsed < 5)
  }

  @Test func aCrashingHelper() {
    #expect(outcome("kill -SEGV $$").0 == "rendering stopped (the renderer stopped with signal 11 "
      + "(a crash in the vector library, or over the memory limit of 4096 MiB))")
    #expect(outcome("kill -ABRT $$").0.contains("signal 6"))
  }

  @Test func malformedAnswers() {
    #expect(outcome("exit 3").0 == "rendering stopped (the renderer exited with status 3)")
    #expect(outcome("exit 0").0 == "rendering stopped (the renderer exited with status 0)")
    #expect(outcome("echo garbage").0 == "rendering stopped (the renderer's answer was malformed)")
    // A size that disagrees with the pixels that follow, and a size over the limits.
    #expect(outcome(#"printf 'IAV1\000\002\000\000\000\002\000\000\000abc'"#).0 == "rendering stopped (the renderer's answer was malformed)")
    #expect(outcome(#"printf 'IAV1\000\377\377\000\000\001\000\000\000'"#).0 == "rendering stopped (the renderer's answer was malformed)")
    // An error answer with a JSON body that is not one of ours.
    #expect(outcome(#"printf 'IAV1\001\002\000\000\000{}'"#).0 == "rendering stopped (the renderer's answer was malformed)")
  }

  @Test func anAnswerOverThePixelLimitIsCutOff() {
    let limits = DecodeLimits(maxSide: 16, maxPixels: 256)
    let (reason, elapsed) = outcome("exec cat /dev/zero", limits: limits)
    #expect(reason == "rendering stopped (the renderer's answer was larger than the pixel limit allows)")
    #expect(elapsed < 5)
  }

  @Test func wellFormedAnswers() {
    // A 1×1 image and an error, as the real helper writes them.
    #expect(outcome(#"printf 'IAV1\000\001\000\000\000\001\000\000\000\001\002\003\377'"#).0 == "image 1×1")
    let json = #"{"case":"malformedSVG","detail":"bad"}"#
    #expect(outcome("printf 'IAV1\\001\\0\(String(format: "%02o", json.utf8.count))\\000\\000\\000%s' '\(json)'").0
      == "malformed SVG (bad)")
  }

  @Test func aMissingHelper() {
    let helper = RenderHelper(executable: "/nonexistent/iconaudit", arguments: [], timeout: 1)
    #expect {
      try IconLoader.load(Self.file, rendering: .isolated(helper))
    } throws: { error in
      (error as? RasterError)?.reason.hasPrefix("rendering stopped (could not start the renderer") == true
    }
  }
}
