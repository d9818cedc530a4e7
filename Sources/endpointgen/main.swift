import GenCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

exit(CommandLineTool.forCurrentProcess().run(Array(CommandLine.arguments.dropFirst())).rawValue)
