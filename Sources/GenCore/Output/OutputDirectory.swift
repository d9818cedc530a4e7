#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The output directory of one `generate` or `check` run. A Swift file below it is stale when
/// its header names one of the run's specs and the run no longer produces it; files generated
/// from other specs (another output folder nested inside this one, say) are left alone. A file
/// without the header is never overwritten or removed.
public struct OutputDirectory: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
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
            // `isDirectory: false` spares a stat(2) per file; the URL's `path` is the same either way.
            let target = url.appendingPathComponent(file.path, isDirectory: false)
            guard let data = FileManager.default.contents(atPath: target.path) else {
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
    public func apply(_ plan: Plan) throws {
        let fileManager = FileManager.default
        for path in plan.removals {
            let target = url.appendingPathComponent(path, isDirectory: false)
            try fileManager.removeItem(at: target)
            var folder = target.deletingLastPathComponent().standardizedFileURL
            while folder.path.count > url.path.count,
                  let contents = try? fileManager.contentsOfDirectory(atPath: folder.path), contents.isEmpty {
                try fileManager.removeItem(at: folder)
                folder = folder.deletingLastPathComponent().standardizedFileURL
            }
        }
        var folders: Set<String> = []
        for file in plan.writes {
            let target = url.appendingPathComponent(file.path, isDirectory: false)
            let folder = target.deletingLastPathComponent()
            if folders.insert(folder.path).inserted {
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            // Atomic (a reader sees the old file or the new one) but without fsync: see FileSystem.
            try FileSystem.writeAtomically(file.contents, to: target)
        }
    }

    /// How generated headers name the spec at `spec`: its path relative to this directory, so
    /// the bytes do not depend on the current directory or where the repository lies.
    public func reference(toSpecAt spec: URL) -> String {
        let from = url.standardizedFileURL.pathComponents
        let to = spec.standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...]).joined(separator: "/")
    }

    /// Relative paths of the Swift files under the directory whose header names one of
    /// `specReferences`, sorted, because the file system's order is not stable.
    public func generatedFiles(from specReferences: Set<String>) -> [String] {
        var paths: [String] = []
        let base = url.path.hasSuffix("/") ? url.path : url.path + "/"
        for file in filesBelow() where file.pathExtension == "swift" {
            guard let head = FileSystem.prefix(ofFileAtPath: file.path, count: 4096),
                  let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1).first,
                  let reference = FileHeader.specReference(inFirstLine: firstLine), specReferences.contains(reference)
            else { continue }
            let path = file.standardizedFileURL.path
            if path.hasPrefix(base) { paths.append(String(path.dropFirst(base.count))) }
        }
        return paths.sorted()
    }

    /// Everything below the directory that is not a folder (symbolic links are not followed).
    private func filesBelow() -> [URL] {
        #if canImport(FoundationEssentials)
        // FoundationEssentials has no directory enumerator; this lists what Foundation's does.
        return FileSystem.nonFolderEntries(under: url.path).map { URL(fileURLWithPath: $0, isDirectory: false) }
        #else
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }
        #endif
    }
}
