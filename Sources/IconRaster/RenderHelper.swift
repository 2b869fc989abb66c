// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How SVG and PDF documents are rendered.
public enum VectorRendering: Sendable, Hashable {
  /// In this process: no overhead, but neither librsvg nor poppler can be interrupted, so a hostile
  /// document can take unbounded time, and a crash inside them ends the process.
  case inProcess
  /// In a helper process that is killed at a deadline: a document that renders too long, crashes the
  /// renderer or exhausts the helper's memory limit fails that file only.
  case isolated(RenderHelper)
}

/// Renders one vector document in a child process with a wall-clock deadline and a memory limit.
///
/// Why a child process: librsvg and poppler offer no way to interrupt a render in progress (poppler-glib
/// passes no abort callback; librsvg has no cancellation during `render_document`), a thread cannot be
/// killed safely, and `fork()` without `exec` is unsafe in a multi-threaded process (glib's locks may be
/// held by another thread). So the executable runs itself (`posix_spawn`, a fresh process) with a hidden
/// command that renders one file and writes the pixels to a pipe. The parent waits with `poll` until the
/// deadline, then kills the child (`SIGKILL`). The child sets `RLIMIT_AS` (memory) and `RLIMIT_CPU`
/// (a second, CPU-time bound) before it reads the file, and never writes anything but its answer. The
/// memory limit is what the render may add to the helper's address space at start.
/// Cost: one process start per vector file (about 10–50 ms, most of it the dynamic linker).
///
/// With `serverArguments` the helper is started once and serves renders one after the other
/// (``serveRequests()``; the helpers live in a pool, one per thread rendering at a time): the same
/// deadline and limits hold for each render (the memory limit on what one render adds to the
/// address space before it, the CPU limit on its own seconds), and a helper that times out, crashes,
/// answers wrongly or reports a renderer error is killed and the next render starts a new one, so
/// each file fails alone as before. A helper is also replaced after ``rendersPerServer`` renders.
/// The start-up is then paid once per helper instead of once per file (a catalog of 700 PDFs:
/// about 80% of the audit's CPU before).
public struct RenderHelper: Sendable, Hashable {
  /// The executable to run (the iconaudit binary itself).
  public var executable: String
  /// Arguments before the request (the hidden command's name).
  public var arguments: [String]
  /// Wall-clock seconds a render may take, from the start of the child (or the request sent to a
  /// serving helper) to its last byte.
  public var timeout: Double
  /// The child's address-space limit, in bytes.
  public var memoryLimitBytes: Int
  /// Arguments that start the executable as a helper serving many renders (``serveRequests()``);
  /// nil: one process per render, started with `arguments`.
  public var serverArguments: [String]?

  /// Renders a serving helper does before it is replaced (a bound on what the libraries may keep).
  public static let rendersPerServer = 256

  public init(executable: String, arguments: [String], timeout: Double = 10, memoryLimitBytes: Int = 4 << 30,
              serverArguments: [String]? = nil) {
    self.executable = executable
    self.arguments = arguments
    self.timeout = timeout
    self.memoryLimitBytes = memoryLimitBytes
    self.serverArguments = serverArguments
  }

  /// The running executable's path (for running itself as the helper).
  public static var currentExecutable: String {
    #if os(Linux)
    return "/proc/self/exe"
    #else
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
    #endif
  }

  static let magic: [UInt8] = Array("IAV1".utf8)

  /// Stops the idle serving helpers of this process and reaps them (at the end of a command: their
  /// CPU time then counts as this process's children's, and nothing is left running).
  public static func stopServers() {
    RenderServer.stopIdle()
  }

  /// Renders `file` in a child process.
  func render(_ file: IconFile, vectorScale: Double, limits: DecodeLimits, symbolSize: SymbolSize = .body) throws(RasterError) -> RGBAImage {
    let request = [file.kind.rawValue, String(vectorScale), String(limits.maxSide), String(limits.maxPixels),
                   String(limits.maxFileBytes), String(limits.maxVectorFileBytes), String(memoryLimitBytes),
                   String(timeout), String(symbolSize.pointSize), symbolSize.scale.rawValue, file.path]
    let maxAnswer = 13 + min(limits.maxPixels, limits.maxSide * limits.maxSide) * 4 + 65_536
    let outcome: ChildOutcome
    do {
      if let serverArguments {
        outcome = try RenderServer.run([executable] + serverArguments, request: request, timeout: timeout, maxOutput: maxAnswer)
      } else {
        outcome = try runChild(executable: executable, arguments: arguments + request, timeout: timeout, maxOutput: maxAnswer)
      }
    } catch {
      throw .renderAborted(path: file.path, detail: "could not start the renderer: \(error.reason)")
    }
    switch outcome.ending {
    case .timedOut:
      throw .renderAborted(path: file.path, detail: "took longer than \(Self.seconds(timeout)) s, the render time limit")
    case .outputTooLarge:
      throw .renderAborted(path: file.path, detail: "the renderer's answer was larger than the pixel limit allows")
    case .signalled(let signal):
      throw .renderAborted(path: file.path, detail: "the renderer stopped with signal \(signal) "
        + "(a crash in the vector library, or over the memory limit of \(memoryLimitBytes >> 20) MiB)")
    case .exited(let code) where code != 0 || outcome.output.isEmpty:
      throw .renderAborted(path: file.path, detail: "the renderer exited with status \(code)")
    case .exited:
      return try Self.decodeAnswer(outcome.output, path: file.path, scale: vectorScale, limits: limits)
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2g", value)
  }

  // MARK: The child side.

  /// The helper command: renders the request in `arguments` and writes the answer to standard output.
  /// Returns the process exit status (0 whenever an answer, pixels or an error, was written).
  public static func serve(_ arguments: [String]) -> Int32 {
    guard let request = ServedRequest(arguments) else { return 64 }
    // The limit is on what the render may add: a process built with AddressSanitizer has reserved
    // terabytes of shadow memory before main, and an absolute limit would fail its every allocation.
    let addressSpace = rlim_t(currentAddressSpace() + request.memoryLimitBytes)
    var limit = rlimit(rlim_cur: addressSpace, rlim_max: addressSpace)
    _ = setrlimit(resourceLimit(RLIMIT_AS), &limit)
    let cpu = rlim_t(request.timeout.rounded(.up) + 1)
    limit = rlimit(rlim_cur: cpu, rlim_max: cpu + 1)
    _ = setrlimit(resourceLimit(RLIMIT_CPU), &limit)
    limit = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(resourceLimit(RLIMIT_CORE), &limit)
    return writeAll(1, request.answer()) ? 0 : 74
  }

  /// The serving helper command: reads requests from standard input (each a 4-byte little-endian
  /// length, then the arguments of ``serve(_:)`` joined by NUL bytes) and writes each answer to
  /// standard output (an 8-byte little-endian length, then the answer ``serve(_:)`` writes), until
  /// standard input ends. Before each render the address-space limit is set to what the process
  /// holds then plus the request's memory limit, and the CPU limit to the seconds used so far plus
  /// the request's own (soft limits: the hard ones stay, so the next render can raise them again).
  /// Descriptors inherited from the parent beyond the three standard ones are closed first: a
  /// helper that lives as long as the audit must not hold another child's pipe open.
  /// Returns the exit status: 0 at the end of the requests, 64 for a malformed one.
  public static func serveRequests() -> Int32 {
    closeInheritedDescriptors()
    var limit = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(resourceLimit(RLIMIT_CORE), &limit)
    while let arguments = readRequest(0) {
      guard let request = ServedRequest(arguments) else { return 64 }
      setSoftLimit(resourceLimit(RLIMIT_AS), to: rlim_t(currentAddressSpace() + request.memoryLimitBytes))
      setSoftLimit(resourceLimit(RLIMIT_CPU), to: rlim_t(cpuSecondsUsed() + request.timeout.rounded(.up) + 1))
      let answer = request.answer()
      guard writeAll(1, littleEndian(UInt64(answer.count), bytes: 8) + answer) else { return 74 }
    }
    return 0
  }

  /// One render request as the helper reads it (the arguments `render` sends).
  struct ServedRequest {
    var kind: IconFileKind
    var scale: Double
    var limits: DecodeLimits
    var memoryLimitBytes: Int
    var timeout: Double
    var symbolSize: SymbolSize
    var path: String

    init?(_ arguments: [String]) {
      guard arguments.count == 11, let kind = IconFileKind(rawValue: arguments[0]), kind.isVector,
        let scale = Double(arguments[1]), scale > 0, scale.isFinite,
        let maxSide = Int(arguments[2]), let maxPixels = Int(arguments[3]), let maxFileBytes = Int(arguments[4]),
        let maxVectorFileBytes = Int(arguments[5]), let memory = Int(arguments[6]), let timeout = Double(arguments[7]),
        timeout > 0, timeout.isFinite, let pointSize = Double(arguments[8]), let symbolScale = SymbolSize.Scale(rawValue: arguments[9])
      else { return nil }
      self.kind = kind
      self.scale = scale
      limits = DecodeLimits(maxSide: maxSide, maxPixels: maxPixels, maxFileBytes: maxFileBytes,
                            maxVectorFileBytes: maxVectorFileBytes)
      memoryLimitBytes = memory
      self.timeout = timeout
      symbolSize = SymbolSize(pointSize: pointSize, scale: symbolScale)
      path = arguments[10]
    }

    /// Renders the file in this process: the answer, pixels or an error.
    func answer() -> [UInt8] {
      let file = IconFile(path: path, relativePath: path, kind: kind, scale: nil)
      var answer = magic
      do {
        let image = try IconLoader.load(file, vectorScale: scale, limits: limits, rendering: .inProcess, symbolSize: symbolSize)
        answer.append(0)
        answer += le32(UInt32(image.width)) + le32(UInt32(image.height))
        answer += image.pixels
        // The document's size in points: two IEEE doubles, little-endian (NaN for none).
        for value in [image.documentSizePt?.width ?? .nan, image.documentSizePt?.height ?? .nan] {
          let bits = value.bitPattern
          answer += le32(UInt32(truncatingIfNeeded: bits)) + le32(UInt32(truncatingIfNeeded: bits >> 32))
        }
      } catch {
        answer.append(1)
        let fields = error.wireFields
        let json = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        answer += le32(UInt32(json.count)) + [UInt8](json)
      }
      return answer
    }
  }

  static func decodeAnswer(_ bytes: [UInt8], path: String, scale: Double, limits: DecodeLimits) throws(RasterError) -> RGBAImage {
    let malformed = RasterError.renderAborted(path: path, detail: "the renderer's answer was malformed")
    guard bytes.count >= 9, Array(bytes[0..<4]) == magic else { throw malformed }
    let width = Int(readLE32(bytes, 5)), height = Int(bytes.count >= 13 ? readLE32(bytes, 9) : 0)
    switch bytes[4] {
    case 0:
      guard bytes.count >= 13, width > 0, height > 0, width <= limits.maxSide, height <= limits.maxSide,
        width * height <= limits.maxPixels,
        bytes.count == 13 + width * height * 4 || bytes.count == 13 + width * height * 4 + 16
      else { throw malformed }
      let end = 13 + width * height * 4
      var image = RGBAImage(width: width, height: height, scale: scale, pixels: Array(bytes[13..<end]))
      guard bytes.count > end else { return image }  // no document size
      func double(_ offset: Int) -> Double {
        Double(bitPattern: UInt64(readLE32(bytes, offset)) | UInt64(readLE32(bytes, offset + 4)) << 32)
      }
      let w = double(end), h = double(end + 8)
      if w.isFinite, h.isFinite { image.documentSizePt = RGBAImage.DocumentSize(width: w, height: h) }
      return image
    case 1:
      let length = width
      guard bytes.count == 9 + length,
        let fields = try? JSONSerialization.jsonObject(with: Data(bytes[9...])) as? [String: Any],
        let error = RasterError(wireFields: fields, path: path, limits: limits)
      else { throw malformed }
      throw error
    default:
      throw malformed
    }
  }
}

// MARK: Running a child process with a deadline.

enum ChildEnding: Equatable {
  case exited(Int32)
  case signalled(Int32)
  case timedOut
  case outputTooLarge
}

struct ChildOutcome {
  var ending: ChildEnding
  var output: [UInt8]
}

/// Runs `executable` with standard input and error on /dev/null, collects standard output, and kills the
/// child with SIGKILL at the deadline or when its output exceeds `maxOutput` bytes.
func runChild(executable: String, arguments: [String], timeout: Double, maxOutput: Int) throws(BoundedFile.Failure) -> ChildOutcome {
  let (readEnd, writeEnd) = try descriptorPair { pipe($0) }
  let spawned = spawnChild(executable: executable, arguments: arguments, standardInput: nil, standardOutput: writeEnd)
  close(writeEnd)
  let pid: pid_t
  switch spawned {
  case .success(let started): pid = started
  case .failure(let failure):
    close(readEnd)
    throw failure
  }
  defer { close(readEnd) }

  let start = DispatchTime.now().uptimeNanoseconds
  let budget = UInt64(max(0, timeout) * 1e9)
  func remainingMilliseconds() -> Int {
    let elapsed = DispatchTime.now().uptimeNanoseconds &- start
    return elapsed >= budget ? 0 : Int((budget - elapsed + 999_999) / 1_000_000)
  }

  var output: [UInt8] = []
  var ending: ChildEnding?
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  reading: while true {
    let remaining = remainingMilliseconds()
    if remaining == 0 { ending = .timedOut; break }
    var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(min(remaining, 60_000)))
    if ready < 0 {
      if errno == EINTR { continue }
      ending = .timedOut
      break
    }
    if ready == 0 { continue }
    let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
    switch count {
    case ..<0:
      if errno == EINTR || errno == EAGAIN { continue }
      break reading
    case 0:
      break reading
    default:
      if output.count + count > maxOutput { ending = .outputTooLarge; break reading }
      output.append(contentsOf: chunk[0..<count])
    }
  }

  // Reap the child: it has closed its output (or must be stopped); it gets what is left of the
  // deadline to exit.
  var status: Int32 = 0
  if ending == nil {
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return ChildOutcome(ending: .signalled(0), output: output) }
      if remainingMilliseconds() == 0 { ending = .timedOut; break }
      usleep(1000)
    }
  }
  if let ending {
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ChildOutcome(ending: ending, output: output)
  }
  let signal = status & 0x7f
  if signal != 0 { return ChildOutcome(ending: .signalled(signal), output: output) }
  return ChildOutcome(ending: .exited((status >> 8) & 0xff), output: output)
}

/// A pair of descriptors (`make`: `pipe` or `socketpair` into the two it is given, 0 on success),
/// marked close-on-exec under the lock that also covers `posix_spawn`, so no other child started
/// meanwhile inherits them (and holds them open). pipe2(O_CLOEXEC) is not visible from Swift.
func descriptorPair(_ make: (UnsafeMutablePointer<Int32>) -> Int32) throws(BoundedFile.Failure) -> (Int32, Int32) {
  var fds: [Int32] = [-1, -1]
  spawnLock.lock()
  defer { spawnLock.unlock() }
  guard fds.withUnsafeMutableBufferPointer({ make($0.baseAddress!) }) == 0 else {
    throw .other(String(cString: strerror(errno)))
  }
  _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
  _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
  return (fds[0], fds[1])
}

/// Starts `executable` with standard input on `standardInput` (nil: /dev/null), standard output on
/// `standardOutput` and standard error on /dev/null, its signals at their defaults and none blocked,
/// without a Swift backtrace (a crash there is expected and reported by the parent).
func spawnChild(executable: String, arguments: [String], standardInput: Int32?,
                standardOutput: Int32) -> Result<pid_t, BoundedFile.Failure> {
  // Darwin's posix_spawn types are opaque pointers that init fills in; glibc's are structs.
  #if canImport(Darwin)
  var actions: posix_spawn_file_actions_t? = nil
  #else
  var actions = posix_spawn_file_actions_t()
  #endif
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  if let standardInput {
    posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  }
  posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

  // The child's signals start at their defaults whatever the parent ignores or blocks.
  #if canImport(Darwin)
  var attributes: posix_spawnattr_t? = nil
  #else
  var attributes = posix_spawnattr_t()
  #endif
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGPIPE, SIGXCPU, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  var emptyMask = sigset_t()
  sigemptyset(&emptyMask)
  posix_spawnattr_setsigmask(&attributes, &emptyMask)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

  var environment = ProcessInfo.processInfo.environment
  environment["SWIFT_BACKTRACE"] = "enable=no"
  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  spawnLock.lock()
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  spawnLock.unlock()
  guard spawned == 0 else { return .failure(.other(String(cString: strerror(spawned)))) }
  return .success(pid)
}

// MARK: Helpers.

private let spawnLock = NSLock()

#if canImport(Glibc)
func resourceLimit(_ resource: __rlimit_resource) -> __rlimit_resource_t { __rlimit_resource_t(resource.rawValue) }
#else
func resourceLimit(_ resource: Int32) -> Int32 { resource }
#endif

/// This process's virtual memory size in bytes (/proc/self/statm), or 0 where it cannot be read
/// (macOS has no /proc; its kernel does not enforce RLIMIT_AS either, so the limit is moot there).
func currentAddressSpace() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = Int(text.split(separator: " ").first ?? "")
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private func le32(_ value: UInt32) -> [UInt8] {
  [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8(value >> 24)]
}

private func readLE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
  guard offset + 4 <= bytes.count else { return 0 }
  return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
}

func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    offset += written
  }
  return true
}

extension RasterError {
  /// The error as JSON-compatible fields, without the path (the parent knows it).
  var wireFields: [String: Any] {
    switch self {
    case .unreadableFile(_, let reason): return ["case": "unreadableFile", "detail": reason]
    case .fileTooLarge(_, let bytes, let limit): return ["case": "fileTooLarge", "bytes": bytes, "limit": limit]
    case .tooLarge(_, let width, let height, _): return ["case": "tooLarge", "width": width, "height": height]
    case .malformedSVG(_, let detail): return ["case": "malformedSVG", "detail": detail]
    case .malformedPDF(_, let detail): return ["case": "malformedPDF", "detail": detail]
    case .renderAborted(_, let detail): return ["case": "renderAborted", "detail": detail]
    case .outOfMemory: return ["case": "outOfMemory"]
    default: return ["case": "renderAborted", "detail": reason]
    }
  }

  init?(wireFields fields: [String: Any], path: String, limits: DecodeLimits) {
    let detail = fields["detail"] as? String ?? ""
    func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
    switch fields["case"] as? String {
    case "unreadableFile": self = .unreadableFile(path: path, reason: detail)
    case "fileTooLarge":
      guard let bytes = int("bytes"), let limit = int("limit") else { return nil }
      self = .fileTooLarge(path: path, bytes: bytes, limit: limit)
    case "tooLarge":
      guard let width = int("width"), let height = int("height") else { return nil }
      self = .tooLarge(path: path, width: width, height: height, limit: limits)
    case "malformedSVG": self = .malformedSVG(path: path, detail: detail)
    case "malformedPDF": self = .malformedPDF(path: path, detail: detail)
    case "renderAborted": self = .renderAborted(path: path, detail: detail)
    case "outOfMemory": self = .outOfMemory(path: path)
    default: return nil
    }
  }
}
