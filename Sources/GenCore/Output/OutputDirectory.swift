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
        /// Files the run would write but must not, and why.
        public var conflicts: [Conflict] = []
        /// Old contents of the files in `writes`, nil for new files.
        public var previous: [String: String] = [:]
    }

    /// A file a run would write but must not.
    public struct Conflict: Sendable, Hashable {
        public var path: String
        public var reason: Reason

        public enum Reason: Sendable, Hashable {
            /// The file there has no endpointgen header.
            case notGenerated
            /// Another spec that still exists generated it (as its header names the spec).
            case generatedFrom(spec: String)
            /// A file is where one of its folders belongs (its path relative to the directory,
            /// "" for the directory itself).
            case folderBlocked(by: String)
        }
    }

    /// What writing `files`, generated from the specs named `specReferences`, would change.
    public func plan(_ files: [GeneratedFile], specReferences: Set<String>) -> Plan {
        var plan = Plan()
        let produced = Set(files.map(\.path))
        let specs = Set(specReferences.map(specPath))
        var folders: [String: String?] = [:]
        for file in files {
            // A file where one of its folders should be: found now, so that nothing is written.
            if let blocker = blockingFile(of: file.path, checked: &folders) {
                plan.conflicts.append(Conflict(path: file.path, reason: .folderBlocked(by: blocker)))
                continue
            }
            guard let data = FileSystem.contents(atPath: location(of: file.path)) else {
                plan.writes.append(file)
                continue
            }
            let existing = String(decoding: data, as: UTF8.self)
            if existing == file.contents {
                plan.unchanged.append(file.path)
            } else if let reference = existing.split(separator: "\n", maxSplits: 1).first.flatMap(FileHeader.specReference(inFirstLine:)) {
                // Another spec's file, while that spec exists: two specs declare the same file.
                if !specs.contains(specPath(reference)), case .spec(let other) = owner(of: reference, namedIn: location(of: file.path)),
                   !specs.contains(other) {
                    plan.conflicts.append(Conflict(path: file.path, reason: .generatedFrom(spec: reference)))
                    continue
                }
                plan.writes.append(file)
                plan.previous[file.path] = existing
            } else {
                plan.conflicts.append(Conflict(path: file.path, reason: .notGenerated))
            }
        }
        plan.removals = generatedFiles(fromSpecsAt: specs).filter { !produced.contains($0) }
        return plan
    }

    /// The first of the folders of `relative` (the directory itself included) that is a file,
    /// as a path relative to the directory ("" for the directory itself); `checked` remembers
    /// the answers by folder.
    private func blockingFile(of relative: String, checked: inout [String: String?]) -> String? {
        var folders: [String] = [""]
        var current = ""
        for component in relative.split(separator: "/").dropLast() {
            current += current.isEmpty ? String(component) : "/" + component
            folders.append(current)
        }
        for folder in folders {
            if let known = checked[folder] {
                if let known { return known }
                continue
            }
            let blocked = FileSystem.isNonFolder(folder.isEmpty ? path : location(of: folder)) ? folder : nil
            checked[folder] = .some(blocked)
            if let blocked { return blocked }
        }
        return nil
    }

    /// The absolute path of a spec a header names relative to this directory.
    private func specPath(_ reference: String) -> String {
        FilePath.isAbsolute(reference) ? FilePath.standardized(reference) : location(of: reference)
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

    /// Relative paths of the Swift files under the directory generated from one of the specs at
    /// the absolute paths `specs`, or from a spec that no longer exists, sorted, because the file
    /// system's order is not stable.
    public func generatedFiles(fromSpecsAt specs: Set<String>) -> [String] {
        var paths: [String] = []
        for file in FileSystem.nonFolderEntries(under: path) where file.hasSuffix(".swift") && !file.hasSuffix("/.swift") {
            guard let head = FileSystem.prefix(ofFileAtPath: file, count: 4096),
                  let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1).first,
                  let reference = FileHeader.specReference(inFirstLine: firstLine),
                  let relative = FilePath.relative(FilePath.standardized(file), below: path)
            else { continue }
            switch owner(of: reference, namedIn: file) {
            case .spec(let spec): if specs.contains(spec) { paths.append(relative) }
            case .gone: paths.append(relative)
            case .unknown: continue
            }
        }
        return paths.sorted()
    }

    enum Owner: Equatable {
        /// The spec at this absolute path.
        case spec(String)
        /// A spec that is no longer where the header says (renamed or deleted).
        case gone
        /// A header that names no path.
        case unknown
    }

    /// The spec that generated `file`, whose header names it as `reference`: relative to the
    /// output folder of the run that wrote the file, which holds the file but may lie below this
    /// one (another spec's output nested inside, whose `api.json` is not this folder's). It is
    /// the spec found from the innermost of the folders between the file and this one; gone when
    /// none has it.
    func owner(of reference: String, namedIn file: String) -> Owner {
        guard !reference.isEmpty else { return .unknown }
        if FilePath.isAbsolute(reference) {
            return FileSystem.isMissing(reference) ? .gone : .spec(FilePath.standardized(reference))
        }
        var folder = FilePath.parent(of: FilePath.standardized(file))
        while true {
            let candidate = FilePath.standardized(folder + "/" + reference)
            if !FileSystem.isMissing(candidate) { return .spec(candidate) }
            if folder.utf8.count <= path.utf8.count { return .gone }
            folder = FilePath.parent(of: folder)
        }
    }
}
