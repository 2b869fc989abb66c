// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a whole file, refusing one larger than `limit` bytes before reading it.
func readFileBytes(path: String, limit: Int) throws(RasterError) -> [UInt8] {
  let attributes: [FileAttributeKey: Any]
  do {
    attributes = try FileManager.default.attributesOfItem(atPath: path)
  } catch {
    throw .unreadableFile(path: path, reason: describeFileError(error, path: path))
  }
  if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
    throw .unreadableFile(path: path, reason: "it is a directory")
  }
  if let size = attributes[.size] as? NSNumber, size.intValue > limit {
    throw .fileTooLarge(path: path, bytes: size.intValue, limit: limit)
  }
  guard let handle = FileHandle(forReadingAtPath: path) else {
    throw .unreadableFile(path: path, reason: "permission denied or not a regular file")
  }
  defer { try? handle.close() }
  do {
    // Read at most limit + 1 bytes: a file that grew since stat() is still bounded.
    let data = try handle.read(upToCount: limit + 1) ?? Data()
    if data.count > limit { throw RasterError.fileTooLarge(path: path, bytes: data.count, limit: limit) }
    return [UInt8](data)
  } catch let error as RasterError {
    throw error
  } catch {
    throw .unreadableFile(path: path, reason: describeFileError(error, path: path))
  }
}

func describeFileError(_ error: any Error, path: String) -> String {
  let nsError = error as NSError
  if nsError.domain == NSCocoaErrorDomain {
    switch nsError.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
    case NSFileReadNoPermissionError: return "permission denied"
    default: break
    }
  }
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    return String(cString: strerror(Int32(underlying.code)))
  }
  return nsError.localizedDescription
}
