/// The output directory of one `generate` or `check` run. A Swift file below it is stale when
/// the run does not produce it and its header names one of the run's specs, or a spec that is
/// no longer there (renamed or deleted); files generated from other specs that exist (another
/// output folder nested inside this one, say) are left alone. A file without the header is
/// never overwritten or removed.
public struct OutputDirectory: Sendable {
    /// The folder's absolute, standardized path.
    public let path: String

    /// The output folder at the absolute `path`.
    public init(path: String) {
        precondition(path.hasPrefix("/"), "an output directory is given by its absolute path")
        self.path = FilePath.standardized(path)
    }

    /// What a run would change on disk.
    public struct Plan: Sendable {
        /// Files that are new or whose bytes differ.
        public var writes: [GeneratedFile] = []
        public var unchanged: [String] = []
        /// Generated files this run no longer produces.
        public var removals: [String] = []
        /// Paths the run would write but that hold a file endpointgen did not generate.
        public var conflicts: [String] = []
        /// Old contents of the files in `writes`, nil for new files.
        public var previous: [String: String] = [:]
    }

    /// What writing `files`, generated from the specs named `specReferences`, would change.
    public func plan(_ files: [GeneratedFile], specReferences: Set<String>) -> Plan {
        var plan = Plan()
        let produced = Set(files.map(\.path))
        for file in files {
            guard let data = FileSystem.contents(atPath: location(of: file.path)) else {
                plan.writes.append(file)
                continue
            }
            let existing = String(decoding: data, as: UTF8.self)
            if existing == file.contents {
                plan.unchanged.append(file.path)
            } else if FileHeader.isGenerated(existing[...]) {
                plan.writes.append(file)
                plan.previous[file.path] = existing
            } else {
                plan.conflicts.append(file.path)
            }
        }
        plan.removals = generatedFiles(from: specReferences).filter { !produced.contains($0) }
        return plan
    }

    /// Removes and writes what `plan` says; creates folders as needed and removes folders that
    /// removals left empty. Removals come first: on a file system that ignores case, renaming
    /// `Userprofile` to `UserProfile` must not remove the file just written.
    public func apply(_ plan: Plan) throws(FileSystemError) {
        for relative in plan.removals {
            let target = location(of: relative)
            try FileSystem.removeFile(atPath: target)
            var folder = FilePath.parent(of: target)
            while folder.utf8.count > path.utf8.count, FileSystem.removeFolderIfEmpty(atPath: folder) {
                folder = FilePath.parent(of: folder)
            }
        }
        var folders: Set<String> = []
        for file in plan.writes {
            let target = location(of: file.path)
            let folder = FilePath.parent(of: target)
            if folders.insert(folder).inserted {
                try FileSystem.createFolders(atPath: folder)
            }
            // Atomic (a reader sees the old file or the new one) but without fsync: see FileSystem.
            try FileSystem.writeAtomically(file.contents, toPath: target)
        }
    }

    /// The absolute path of the file at `relativePath` below the directory.
    public func location(of relativePath: String) -> String {
        FilePath.standardized(path + "/" + relativePath)
    }

    /// How generated headers name the spec at `spec`: its path relative to this directory, so
    /// the bytes do not depend on the current directory or where the repository lies.
    public func reference(toSpecAt spec: String) -> String {
        let from = FilePath.components(path)
        let to = FilePath.components(spec)
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }

    /// Relative paths of the Swift files under the directory whose header names one of
    /// `specReferences` or a spec that no longer exists, sorted, because the file system's order
    /// is not stable. Headers name specs relative to this directory.
    public func generatedFiles(from specReferences: Set<String>) -> [String] {
        var paths: [String] = []
        for file in FileSystem.nonFolderEntries(under: path) where file.hasSuffix(".swift") && !file.hasSuffix("/.swift") {
            guard let head = FileSystem.prefix(ofFileAtPath: file, count: 4096),
                  let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1).first,
                  let reference = FileHeader.specReference(inFirstLine: firstLine),
                  specReferences.contains(reference) || isGone(reference, namedIn: file),
                  let relative = FilePath.relative(FilePath.standardized(file), below: path)
            else { continue }
            paths.append(relative)
        }
        return paths.sorted()
    }

    /// Whether the spec that the header of `file` names is no longer where it was when the file
    /// was generated. The header names it relative to the output folder of that run, which holds
    /// the file but may lie below this one (another spec's output nested inside): the spec is
    /// gone only when it is found from none of the folders between the file and this one.
    private func isGone(_ reference: String, namedIn file: String) -> Bool {
        guard !reference.isEmpty else { return false }
        if FilePath.isAbsolute(reference) { return FileSystem.isMissing(reference) }
        var folder = FilePath.parent(of: FilePath.standardized(file))
        while true {
            if !FileSystem.isMissing(FilePath.standardized(folder + "/" + reference)) { return false }
            if folder.utf8.count <= path.utf8.count { return true }
            folder = FilePath.parent(of: folder)
        }
    }
}
