#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The loopback server of the request benchmark: a minimal HTTP/1.1 server that answers
/// `GET …/pets/stats` with `{"count": 1}` and anything else with a 404, on kept-alive
/// connections, one thread per connection. It costs a few microseconds a request, so that the
/// clients measured against it, not the server, use the CPU.
///
/// Usage: LoopbackServer [PORT]   (0 or none: a free port). Binds 127.0.0.1 only, prints
/// `port N` once it listens, and exits when its standard input closes (the benchmark holds it
/// open) or after an hour at most.
@main
enum LoopbackServer {
    static let body = #"{"count": 1}"#
    static let ok = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    static let notFound = Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".utf8)

    static func main() {
        signal(SIGPIPE, SIG_IGN)  // a client that goes away ends its connection, not the server
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { fail("socket") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(CommandLine.arguments.dropFirst().first.flatMap { UInt16($0) } ?? 0).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian  // 127.0.0.1
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else { fail("bind/listen on 127.0.0.1") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        FileHandle.standardOutput.write(Data("port \(UInt16(bigEndian: address.sin_port))\n".utf8))

        // Stop when the benchmark closes our standard input (or dies), or after an hour.
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(0, &byte, 1) > 0 {}
            exit(0)
        }
        Thread.detachNewThread {
            sleep(3600)
            exit(0)
        }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                fail("accept")
            }
            Thread.detachNewThread { serve(connection) }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("LoopbackServer: \(message) (errno \(errno))\n".utf8))
        exit(1)
    }

    /// Answers the requests on one connection until the client closes it.
    static func serve(_ connection: Int32) {
        defer { close(connection) }
        var one: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // Answer every complete request in the buffer: a request line, header fields, and a
            // body of Content-Length bytes.
            while let end = headerEnd(buffer) {
                let lines = String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
                let target = lines.first?.split(separator: " ").dropFirst().first ?? ""
                var bodyLength = 0
                var closing = false
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let name = line[..<colon].lowercased()
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    if name == "content-length" { bodyLength = Int(value) ?? 0 }
                    if name == "connection", value.lowercased() == "close" { closing = true }
                }
                guard buffer.count >= end + 4 + bodyLength else { break }
                buffer.removeFirst(end + 4 + bodyLength)
                let path = target.split(separator: "?").first.map { $0.hasSuffix("/") ? $0.dropLast() : $0 } ?? ""
                guard writeAll(connection, path.hasSuffix("/pets/stats") ? ok : notFound), !closing else { return }
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The index of the `\r\n\r\n` that ends the first request's header, once it has arrived.
    static func headerEnd(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    static func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
