import Foundation
import GenCore

let tool = CommandLineTool(
    currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    standardError: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
