// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: FuzzBodies.svg on each input. With scripts/fuzz (-DICONAUDIT_FUZZING,
// -sanitize=fuzzer) this is a libFuzzer binary; in an ordinary build it replays the files (or
// folders of files) named on the command line, e.g. a crash input: .build/debug/FuzzSVG crash-…
import FuzzBodies
import FuzzSupport
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzBodies.svg(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  return 0
}

exit(ia_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
