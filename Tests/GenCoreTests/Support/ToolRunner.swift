import Foundation
import Testing

@testable import GenCore

/// One in-process run of `endpointgen`.
struct ToolRun {
    var status: CommandLineTool.ExitCode
    var standardOutput: String
    var standardError: String
}

private final class Capture {
    var text = ""
}

/// Runs the command line tool with `directory` as its current directory.
func runTool(_ arguments: [String], in directory: URL) -> ToolRun {
    let output = Capture()
    let error = Capture()
    let tool = CommandLineTool(
        currentDirectory: directory.path,
        standardOutput: { output.text += $0 },
        standardError: { error.text += $0 })
    let status = tool.run(arguments)
    return ToolRun(status: status, standardOutput: output.text, standardError: error.text)
}

/// A small valid spec: two models and one resource with two endpoints.
func shopSpec(name: String = "Shop", cityDescription: String = "A city.", extraEndpoint: Bool = true) -> String {
    """
    {
      "endpointgen": 1,
      "name": "\(name)",
      "servers": { "production": "https://api.example.com" },
      "models": {
        "City": { "description": "\(cityDescription)", "properties": { "name": "String", "zone": "Zone?" } },
        "Zone": { "enum": ["north", "south"] }
      },
      "resources": {
        "Cities": {
          "endpoints": [
            { "name": "listCities", "method": "GET", "path": "/cities", "response": "[City]" }\(extraEndpoint ? "," : "")
            \(extraEndpoint ? #"{ "name": "addCity", "method": "POST", "path": "/cities", "body": "City" }"# : "")
          ]
        }
      }
    }
    """
}

/// What a directory holds: each file's contents, modification date and inode, to tell files
/// that were rewritten (even with the same bytes) from files left alone.
struct Snapshot: Equatable {
    struct Entry: Equatable {
        var contents: String
        var modified: Date?
        var inode: UInt64?
    }

    var entries: [String: Entry]

    init(_ directory: TemporaryDirectory, under folder: String = "") {
        var entries: [String: Entry] = [:]
        for path in directory.allFiles(under: folder) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.file(path).path)
            entries[path] = Entry(
                contents: directory.read(path) ?? "",
                modified: attributes?[.modificationDate] as? Date,
                inode: (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value)
        }
        self.entries = entries
    }

    var paths: [String] { entries.keys.sorted() }

    /// The paths whose contents, date or inode differ between the two snapshots, or that only
    /// one of them holds.
    func touched(comparedTo other: Snapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

/// Sets every file's modification date under `folder` far into the past, so that a rewrite
/// shows even on file systems with coarse timestamps.
func backdate(_ directory: TemporaryDirectory, under folder: String = "") throws {
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    for path in directory.allFiles(under: folder) {
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: directory.file(path).path)
    }
}
