// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import IconSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A render helper process that serves renders one after the other (`RenderHelper.serverArguments`,
/// the child side is ``RenderHelper/serveRequests()``), and the pool of idle ones.
///
/// Each render takes an idle helper of its command from the pool (or starts one), sends it the
/// request over a socket pair (the child's standard input and output) and reads the answer with
/// the same deadline and size limit as a helper started for one render (`runChild`). A helper goes
/// back to the pool only after a whole image answer; one that timed out, answered too much, ended
/// or reported a renderer error is killed and reaped (SIGKILL, then `waitpid`), so a render that
/// went wrong never leaves its state to the next one. At most one helper per thread rendering at
/// a time; idle helpers end when the audit exits (their standard input ends).
final class RenderServer: @unchecked Sendable {
  let pid: pid_t
  /// The parent's end of the socket pair.
  let socket: Int32
  /// Renders answered so far.
  var renders = 0

  init(pid: pid_t, socket: Int32) {
    self.pid = pid
    self.socket = socket
  }

  /// The idle helpers by command (executable and arguments).
  private final class Pool: @unchecked Sendable {
    let lock = NSLock()
    var idle: [[String]: [RenderServer]] = [:]

    func take(_ command: [String]) -> RenderServer? {
      lock.lock()
      defer { lock.unlock() }
      return idle[command]?.popLast()
    }

    func give(_ server: RenderServer, _ command: [String]) {
      lock.lock()
      idle[command, default: []].append(server)
      lock.unlock()
    }

    func takeAll() -> [RenderServer] {
      lock.lock()
      defer { lock.unlock() }
      let all = idle.values.flatMap { $0 }
      idle = [:]
      return all
    }
  }

  /// Stops every idle helper and reaps it (so its CPU time counts as this process's children's).
  static func stopIdle() {
    for server in pool.takeAll() { server.stop() }
  }

  private static let pool = Pool()

  /// Renders `request` (the arguments of ``RenderHelper/serve(_:)``) in a helper started with
  /// `command`: the answer as `runChild` gives a one-shot helper's, `exited(0)` with the answer's
  /// bytes when one came whole, else how the helper ended (its exit status or signal, the
  /// deadline, or an answer over `maxOutput` bytes).
  /// - Throws: when no helper can be started.
  static func run(_ command: [String], request: [String], timeout: Double, maxOutput: Int) throws(BoundedFile.Failure) -> ChildOutcome {
    let start = DispatchTime.now().uptimeNanoseconds
    let body = Array(request.joined(separator: "\0").utf8)
    let frame = littleEndian(UInt64(body.count), bytes: 4) + body
    var server: RenderServer
    // An idle helper may have gone away meanwhile (killed from outside): its socket refuses the
    // request, and another is taken or started. A new one that refuses it has ended: its status
    // is read below.
    while true {
      if let idle = pool.take(command) {
        if idle.send(frame) {
          server = idle
          break
        }
        idle.stop()
        continue
      }
      server = try started(command)
      _ = server.send(frame)
      break
    }
    let outcome = server.receive(start: start, timeout: timeout, maxOutput: maxOutput)
    server.renders += 1
    if outcome.ending == .exited(0), outcome.output.count > 4, outcome.output[4] == 0,
      server.renders < RenderHelper.rendersPerServer {
      pool.give(server, command)
    } else {
      server.stop()
    }
    return outcome
  }

  /// Starts a helper with `command`, its standard input and output on a new socket pair.
  static func started(_ command: [String]) throws(BoundedFile.Failure) -> RenderServer {
    let (parentEnd, childEnd) = try descriptorPair { fds in
      socketpair(AF_UNIX, socketStreamType, 0, fds)
    }
    let spawned = spawnChild(executable: command[0], arguments: Array(command.dropFirst()), standardInput: childEnd,
                             standardOutput: childEnd)
    close(childEnd)
    switch spawned {
    case .success(let pid): return RenderServer(pid: pid, socket: parentEnd)
    case .failure(let failure):
      close(parentEnd)
      throw failure
    }
  }

  /// Writes all of `bytes` to the helper; false when it cannot take them (it has ended).
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      // MSG_NOSIGNAL: a helper that has ended is an error here, not a SIGPIPE for the audit.
      let sent = bytes.withUnsafeBytes { sendWithoutSignal(socket, $0.baseAddress! + offset, $0.count - offset) }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Reads one answer (its 8-byte length, then its bytes) until the deadline, `timeout` seconds
  /// after `start`. A helper that ends first is reaped within what is left of the deadline.
  func receive(start: UInt64, timeout: Double, maxOutput: Int) -> ChildOutcome {
    let budget = UInt64(max(0, timeout) * 1e9)
    func remainingMilliseconds() -> Int {
      let elapsed = DispatchTime.now().uptimeNanoseconds &- start
      return elapsed >= budget ? 0 : Int((budget - elapsed + 999_999) / 1_000_000)
    }
    var header: [UInt8] = []
    var output: [UInt8] = []
    var expected: Int?
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while expected.map({ output.count < $0 }) ?? true {
      let remaining = remainingMilliseconds()
      if remaining == 0 { return ended(.timedOut, output) }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(remaining, 60_000)))
      if ready < 0 {
        if errno == EINTR { continue }
        return ended(.timedOut, output)
      }
      if ready == 0 { continue }
      // Never past this answer: the header first, then at most the rest of the answer.
      let wanted = expected.map { min(chunk.count, $0 - output.count) } ?? (8 - header.count)
      let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return reaped(output, remainingMilliseconds)
      }
      if count == 0 { return reaped(output, remainingMilliseconds) }
      if expected == nil {
        header += chunk[0..<count]
        if header.count == 8 {
          let length = header.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
          if length > UInt64(maxOutput) { return ended(.outputTooLarge, output) }
          expected = Int(length)
          output.reserveCapacity(Int(length))
        }
      } else {
        output += chunk[0..<count]
      }
    }
    return ChildOutcome(ending: .exited(0), output: output)
  }

  /// The outcome of a helper stopped by the parent (the deadline, an answer too large).
  private func ended(_ ending: ChildEnding, _ output: [UInt8]) -> ChildOutcome {
    stop()
    return ChildOutcome(ending: ending, output: output)
  }

  /// The outcome of a helper whose answer ended early: how it ended, once it has (within what is
  /// left of the deadline; after that it is killed and the render timed out). Its output does not
  /// count: an answer cut short is no answer.
  private func reaped(_ output: [UInt8], _ remainingMilliseconds: () -> Int) -> ChildOutcome {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return ended(.signalled(0), []) }
      if remainingMilliseconds() == 0 { return ended(.timedOut, output) }
      usleep(1000)
    }
    close(socket)
    stopped = true
    let signal = status & 0x7f
    if signal != 0 { return ChildOutcome(ending: .signalled(signal), output: []) }
    return ChildOutcome(ending: .exited((status >> 8) & 0xff), output: [])
  }

  private var stopped = false

  /// Kills and reaps the helper (once).
  func stop() {
    guard !stopped else { return }
    stopped = true
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    close(socket)
  }
}

#if canImport(Glibc)
private let socketStreamType = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let socketStreamType = SOCK_STREAM
private let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE would be the way; the audit ignores SIGPIPE there.
#endif

/// `send` without SIGPIPE: a helper that has ended is an error for the caller, not a signal.
private func sendWithoutSignal(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  send(fd, bytes, count, noSignal)
}

/// `value`'s low `bytes` bytes, little-endian.
func littleEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
  (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

// MARK: The child side (RenderHelper.serveRequests).

/// The next request on `fd` (a 4-byte little-endian length, then the arguments joined by NUL
/// bytes); nil at the end of the input, or when it is cut short or longer than 1 MiB.
func readRequest(_ fd: Int32) -> [String]? {
  guard let header = readExactly(fd, 4) else { return nil }
  let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
  guard length <= 1 << 20, let body = readExactly(fd, length) else { return nil }
  return body.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
}

/// `count` bytes from `fd`; nil when the input ends first or fails.
private func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
  var bytes = [UInt8](repeating: 0, count: count)
  var offset = 0
  while offset < count {
    let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, count - offset) }
    if got < 0 && errno == EINTR { continue }
    if got <= 0 { return nil }
    offset += got
  }
  return bytes
}

/// Closes every descriptor beyond standard input, output and error that this process inherited.
func closeInheritedDescriptors() {
  #if os(Linux)
  let folder = "/proc/self/fd"
  #else
  let folder = "/dev/fd"
  #endif
  guard let directory = opendir(folder) else { return }
  let own = dirfd(directory)
  var inherited: [Int32] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    if let fd = Int32(name), fd > 2, fd != own { inherited.append(fd) }
  }
  closedir(directory)
  for fd in inherited { close(fd) }
}

/// Sets a resource's soft limit to `value` (at most its hard limit), leaving the hard limit.
func setSoftLimit(_ resource: Int32, to value: rlim_t) {
  #if canImport(Glibc)
  let id = __rlimit_resource_t(resource)
  #else
  let id = resource
  #endif
  var limit = rlimit()
  guard getrlimit(id, &limit) == 0 else { return }
  limit.rlim_cur = min(value, limit.rlim_max)
  _ = setrlimit(id, &limit)
}

/// CPU seconds (user and system) this process has used so far.
func cpuSecondsUsed() -> Double {
  var usage = rusage()
  #if canImport(Glibc)
  guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
  #else
  guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
  #endif
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
