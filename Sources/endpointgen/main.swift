#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GenCore

/// Writes all of `text` to the file descriptor, unbuffered, as `FileHandle.write(_:)` does; and
/// like it, stops the program when the stream is closed or broken.
func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                fatalError("cannot write to file descriptor \(descriptor): errno \(errno)")
            }
            offset += written
        }
    }
}

let tool = CommandLineTool(
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    standardOutput: { write($0, to: STDOUT_FILENO) },
    standardError: { write($0, to: STDERR_FILENO) }
)
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
