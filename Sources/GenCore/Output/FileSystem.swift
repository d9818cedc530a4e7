#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation that failed: the path it was given and the C library's `errno`.
public struct FileSystemError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The C library's wording of the error, as `strerror(3)` gives it ("Permission denied").
    public var reason: String {
        // Optional on purpose: some C libraries declare strerror(3) as never returning null.
        let message: UnsafeMutablePointer<CChar>? = strerror(code)
        return message.map { String(cString: $0) } ?? "error \(code)"
    }

    public var description: String { "\(path): \(reason)" }
}

/// The file operations the generator needs, on the C library alone: reading a file, an atomic
/// write that does not wait for the disk, creating and removing folders, and listing a folder
/// tree. GenCore does not link Foundation: loading it cost the command line tool more than
/// generating a small spec does.
enum FileSystem {
    static let standardOutput = STDOUT_FILENO
    static let standardError = STDERR_FILENO

    /// The process's current directory, as getcwd(3) gives it; nil when it has been removed or
    /// its path is not UTF-8 (a path made up with replacement characters would name another folder).
    static func currentDirectory() -> String? {
        var size = 1024
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil {
                return strictUTF8(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
            }
            guard errno == ERANGE else { return nil }
            size *= 2
        }
        return nil
    }

    /// `bytes` as text when they are UTF-8; nil otherwise.
    static func strictUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces each invalid sequence with U+FFFD, so the bytes change exactly when
        // the input was not UTF-8. Compared as memory where both are (a spec of megabytes
        // compared element by element took a tenth of its import in a debug build).
        let same = text.utf8.withContiguousStorageIfAvailable { decoded in
            bytes.withContiguousStorageIfAvailable { original in
                decoded.count == original.count
                    && (decoded.isEmpty || memcmp(decoded.baseAddress!, original.baseAddress!, decoded.count) == 0)
            }
        } ?? nil
        return same ?? text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The whole contents of the file at `path`; nil when it cannot be opened or read (a
    /// missing file, a folder).
    static func contents(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        var capacity = 16_384
        if fstat(descriptor, &status) == 0, status.st_size > 0 { capacity = Int(status.st_size) + 1 }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: capacity)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<got])
        }
    }

    /// Writes `contents` to the file at `path` so that readers see the old file or the whole
    /// new one, never part of one: the bytes go to a temporary file in the same folder, which
    /// rename(2) then puts in place. It does not fsync: generated sources can be generated
    /// again, and three fsyncs cost more than the rest of a small run. A file replaced keeps
    /// its permissions (a generated file someone made read-only stays read-only); a new file
    /// gets 0666 less the umask. On failure the temporary file is removed.
    static func writeAtomically(_ contents: String, toPath path: String) throws(FileSystemError) {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let (descriptor, temporary) = try createTemporaryFile(in: folder, for: path)
        var failure = writeAll(contents, to: descriptor)
        var existing = stat()
        if failure == 0, lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        }
        if close(descriptor) != 0 && failure == 0 && errno != EINTR {
            failure = errno
        }
        if failure == 0 && rename(temporary, path) != 0 {
            failure = errno
        }
        if failure != 0 {
            unlink(temporary)
            throw FileSystemError(path: path, code: failure)
        }
    }

    /// Writes `contents` to `path`: atomically (``writeAtomically(_:toPath:)``) when it is a
    /// regular file or missing; through the path as it is when it is anything else, so that a
    /// link is followed rather than replaced and `/dev/null` or a pipe is written to, not swapped
    /// for a file.
    static func save(_ contents: String, toPath path: String) throws(FileSystemError) {
        var existing = stat()
        guard lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG else {
            try writeAtomically(contents, toPath: path)
            return
        }
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, code: errno) }
        var failure = writeAll(contents, to: descriptor)
        if close(descriptor) != 0 && failure == 0 && errno != EINTR { failure = errno }
        if failure != 0 { throw FileSystemError(path: path, code: failure) }
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
    /// the umask.
    private static func createTemporaryFile(in folder: String, for target: String) throws(FileSystemError) -> (Int32, String) {
        let process = String(getpid(), radix: 16, uppercase: true)
        for _ in 0..<16 {
            let unique = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let candidate = "\(folder).endpointgen-\(process)-\(unique).tmp"
            let descriptor = open(candidate, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, candidate) }
            let failure = errno
            if failure != EEXIST { throw FileSystemError(path: target, code: failure) }
        }
        throw FileSystemError(path: target, code: EEXIST)
    }

    /// Creates the folder at `path` and any missing folder above it, as `mkdir -p` does.
    static func createFolders(atPath path: String) throws(FileSystemError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(path: path, code: ENOTDIR) }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try createFolders(atPath: String(path[..<slash]))
        }
        if mkdir(path, 0o777) != 0 {
            let failure = errno
            // Made meanwhile by someone else: fine if it is a folder.
            guard failure == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw FileSystemError(path: path, code: failure)
            }
        }
    }

    /// Removes the file (or symbolic link) at `path`. A file already gone counts as removed:
    /// two runs into one folder remove a renamed spec's files at the same time (the build
    /// plugin's commands did, one per spec, and the slower one failed the build).
    static func removeFile(atPath path: String) throws(FileSystemError) {
        if unlink(path) != 0 && errno != ENOENT { throw FileSystemError(path: path, code: errno) }
    }

    /// Whether nothing is at `path`: true only when the system says so (no such file, or a
    /// component is not a folder), never because `path` could not be looked at.
    static func isMissing(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }

    /// Whether something that is not a folder (nor a link to one) is at `path`.
    static func isNonFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
    }

    /// Removes the folder at `path` if it is empty; whether it did.
    static func removeFolderIfEmpty(atPath path: String) -> Bool {
        rmdir(path) == 0
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

    /// The paths of everything but folders below the folder at `root`, as Foundation's
    /// `FileManager.enumerator(at:includingPropertiesForKeys:)` lists them (fts with
    /// FTS_PHYSICAL | FTS_XDEV): symbolic links are listed and not followed, hidden entries are
    /// listed, folders on other devices and folders that cannot be read are skipped, and a
    /// `root` that is not a folder (or a symbolic link to one) lists nothing.
    static func nonFolderEntries(under root: String) -> [String] {
        var status = stat()
        // The root is followed when it is a link (`--output` naming a link to a folder); links
        // inside are not, so that nothing outside the tree is listed.
        guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [] }
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
                let name = String(cString: characters)
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
}

/// File paths as text, the way the command line and the output directory use them: absolute
/// and standardized as Foundation's `URL(fileURLWithPath:relativeTo:).standardizedFileURL.path`
/// has them (a test compares the two). A leading `~` or `~user` is the home folder; `.`, `..`
/// and repeated slashes are resolved by the text alone, without following symbolic links, as
/// SwiftPM resolves paths too.
enum FilePath {
    /// Whether `path` needs no current directory: it starts with `/`, or with a `~` that names
    /// a home folder.
    static func isAbsolute(_ path: String) -> Bool {
        expandingTilde(path).hasPrefix("/")
    }

    /// `path` made absolute against the folder `directory` (an absolute path) and standardized.
    static func absolute(_ path: String, in directory: String) -> String {
        let expanded = expandingTilde(path)
        return standardized(expanded.hasPrefix("/") ? expanded : directory + "/" + expanded)
    }

    /// The absolute `path` standardized: `/a/./b/../c/` is `/a/c`.
    static func standardized(_ path: String) -> String {
        "/" + components(path).joined(separator: "/")
    }

    /// `path` with a leading `~` (the user's home folder) or `~name` (that user's, when there is
    /// such a user) replaced, as Foundation's file URLs do.
    static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let name = path[path.index(after: path.startIndex)..<slash]
        guard let home = homeFolder(ofUser: name.isEmpty ? nil : String(name)) else { return path }
        return home + path[slash...]
    }

    /// A user's home folder from the user database; for the current user `HOME` where the
    /// database has no entry.
    private static func homeFolder(ofUser user: String?) -> String? {
        let entry: UnsafeMutablePointer<passwd>? = if let user { getpwnam(user) } else { getpwuid(getuid()) }
        if let folder = entry?.pointee.pw_dir { return standardized(String(cString: folder)) }
        if user == nil, let home = getenv("HOME") { return standardized(String(cString: home)) }
        return nil
    }

    /// The names along the absolute `path` with `.`, `..` and empty components resolved by their
    /// text alone; empty for `/`.
    static func components(_ path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(String(part))
            }
        }
        return result
    }

    /// The folder that holds `path` (an absolute, standardized path); `/` for `/`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to the folder `base` when it lies below it (both absolute and
    /// standardized); nil otherwise.
    static func relative(_ path: String, below base: String) -> String? {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
