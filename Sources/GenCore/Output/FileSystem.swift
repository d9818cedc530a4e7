#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the output needs, on the C library: an atomic write that does not
/// wait for the disk, reading the start of a file, and listing a folder tree.
enum FileSystem {
    static let standardOutput = STDOUT_FILENO
    static let standardError = STDERR_FILENO

    /// Writes `contents` to `target` so that readers see the old file or the whole new one,
    /// never part of one: the bytes go to a temporary file in the same folder, which rename(2)
    /// then puts in place. Unlike `Data.write(to:options: .atomic)` it does not fsync: generated
    /// sources can be generated again, and three fsyncs cost more than the rest of a small run.
    /// Errors are the `CocoaError`s that `Data.write(to:options: .atomic)` throws for the same
    /// failure (same code, `filePath` the target's path), and the temporary file is removed.
    static func writeAtomically(_ contents: String, to target: URL) throws {
        let path = target.path
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let (descriptor, temporary) = try createTemporaryFile(in: folder, for: target)
        var failure = writeAll(contents, to: descriptor)
        #if canImport(Darwin)
        // As `Data.write(to:options: .atomic)` does on Apple platforms: a file replaced keeps its
        // permissions (a generated file someone made read-only stays read-only).
        var existing = stat()
        if failure == 0, lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        }
        #endif
        if close(descriptor) != 0 && failure == 0 && errno != EINTR {
            failure = errno
        }
        if failure == 0 && rename(temporary, path) != 0 {
            failure = errno
        }
        if failure != 0 {
            unlink(temporary)
            throw writeError(errno: failure, target: target)
        }
    }

    /// Writes all of `text` to the open file `descriptor`, retrying short writes; returns 0, or
    /// the `errno` of the write that failed.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return 0
        }
    }

    /// Creates a new, empty file with a unique name in `folder`, as open(2) with mode 0666 and
    /// the umask, like the temporary file of an atomic `Data.write`.
    private static func createTemporaryFile(in folder: String, for target: URL) throws -> (Int32, String) {
        let process = String(getpid(), radix: 16, uppercase: true)
        for _ in 0..<16 {
            let unique = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let candidate = "\(folder).endpointgen-\(process)-\(unique).tmp"
            let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, candidate) }
            if errno != EEXIST { throw writeError(errno: errno, target: target, variant: "Folder") }
        }
        throw CocoaError(.fileWriteUnknown)
    }

    /// The error `Data.write(to:)` reports for `errno`: FoundationEssentials' mapping of a write
    /// errno to a `CocoaError.Code`, with the path, URL and underlying `POSIXError`.
    private static func writeError(errno code: Int32, target: URL, variant: String? = nil) -> CocoaError {
        let cocoaCode: CocoaError.Code
        switch code {
        case ENOENT: cocoaCode = .fileNoSuchFile
        case EPERM, EACCES: cocoaCode = .fileWriteNoPermission
        case ENAMETOOLONG: cocoaCode = .fileWriteInvalidFileName
        case EDQUOT, ENOSPC: cocoaCode = .fileWriteOutOfSpace
        case EROFS: cocoaCode = .fileWriteVolumeReadOnly
        case EEXIST: cocoaCode = .fileWriteFileExists
        default: cocoaCode = .fileWriteUnknown
        }
        var userInfo: [String: Any] = ["NSFilePath": target.path, "NSURL": target]
        if code != EOPNOTSUPP, let posix = POSIXErrorCode(rawValue: code) {
            userInfo["NSUnderlyingError"] = POSIXError(posix)
        }
        if let variant { userInfo["NSUserStringVariant"] = [variant] }
        return CocoaError(cocoaCode, userInfo: userInfo)
    }

    /// Up to `count` bytes from the start of the file at `path`; nil when it cannot be opened or
    /// read (a folder, say).
    static func prefix(ofFileAtPath path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            filled += got
        }
        buffer.removeLast(count - filled)
        return buffer
    }

    #if canImport(FoundationEssentials)
    /// The paths of everything but folders below the folder at `root`, as
    /// `FileManager.enumerator(at:includingPropertiesForKeys:)` lists them in swift-corelibs-foundation
    /// (fts with FTS_PHYSICAL | FTS_XDEV): symbolic links are listed and not followed, hidden
    /// entries are listed, folders on other devices and folders that cannot be read are skipped,
    /// and a `root` that is not itself a folder (a symbolic link to one included) lists nothing.
    static func nonFolderEntries(under root: String) -> [String] {
        var status = stat()
        guard lstat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [] }
        let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!
        var entries: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder) else { continue }
            defer { closedir(stream) }
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            while let entry = readdir(stream) {
                let type = entry.pointee.d_type
                let characters = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
                let name = FileManager.default.string(withFileSystemRepresentation: characters, length: strlen(characters))
                if name == "." || name == ".." { continue }
                let path = prefix + name
                var isFolder = Int32(type) == Int32(DT_DIR)
                if isFolder || Int32(type) == Int32(DT_UNKNOWN) {
                    var child = stat()
                    // fts cannot stat it: neither listed nor entered.
                    guard lstat(path, &child) == 0 else { continue }
                    isFolder = child.st_mode & S_IFMT == S_IFDIR
                    if isFolder {
                        if child.st_dev == status.st_dev { pending.append(path) }
                        continue
                    }
                }
                entries.append(path)
            }
        }
        return entries
    }
    #endif
}
