import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(os)
import os
#endif

/// Writes a line per request (`GET https://api.example.com/v1/cities → 200, 1532 bytes in 84 ms
/// [FetchCitiesEndpoint]`), and with a higher level its headers and bodies, without ever writing
/// a credential: `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` headers, any
/// header, query item, form field, multipart part or JSON member whose name is in
/// `redactedNames` (API keys', passwords' and tokens' names among the defaults), and every value
/// the request holds as secret (the credential's, and the parameters the spec marks
/// `"secret": true`) come out as `<redacted>`.
///
/// The lines go to `sink`; the default is the unified log (`os.Logger`) on Apple platforms and
/// standard error elsewhere.
public struct LoggingMiddleware: EndpointMiddleware {
    public enum Level: Sendable, Hashable {
        /// One line per request: method, URL, status, bytes, duration, endpoint.
        case summary
        /// The summary and the request's and response's header fields.
        case headers
        /// Headers, and bodies up to `limit` bytes each (a streamed body is not read).
        case bodies(limit: Int)
    }

    public var level: Level
    /// Names whose values are never written, compared without case: of header fields, query
    /// items, and the fields of form, multipart and JSON bodies (members at any depth). The four
    /// credential headers above are redacted whatever it holds.
    public var redactedNames: Set<String> {
        didSet {
            // Kept in lower case, so that a look-up is one.
            let lowercased = Set(redactedNames.map { $0.lowercased() })
            if lowercased != redactedNames { redactedNames = lowercased }
        }
    }
    public var sink: @Sendable (String) -> Void

    public static let defaultRedactedNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey", "api_key",
        "x-auth-token", "access_token", "refresh_token", "id_token", "token", "key", "secret", "password",
        "client_secret",
    ]

    /// The headers that carry credentials by definition: never written.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    public init(
        level: Level = .summary, redactedNames: Set<String> = LoggingMiddleware.defaultRedactedNames,
        sink: @escaping @Sendable (String) -> Void = LoggingMiddleware.standardSink
    ) {
        self.level = level
        self.redactedNames = Set(redactedNames.map { $0.lowercased() })
        self.sink = sink
    }

    /// The unified log on Apple platforms, standard error elsewhere.
    public static let standardSink: @Sendable (String) -> Void = { line in
        #if canImport(os)
        // The package's platforms (macOS 13, iOS 16…) all have Logger.
        Logger(subsystem: "endpointgen", category: "http").info("\(line, privacy: .public)")
        #else
        FileHandle.standardError.write(Data((line + "\n").utf8))
        #endif
    }

    public func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
        let start = Date()
        // The values of the redacted headers are secret wherever they show (a body that echoes them).
        var context = context
        for (name, value) in request.allHTTPHeaderFields ?? [:] where isRedacted(name) {
            context.secrets += Self.secretParts(of: value)
        }
        let method = request.httpMethod ?? "GET"
        let url = redactedURL(request.url, context: context)
        var lines: [String] = []
        if level != .summary {
            lines += headerLines(request.allHTTPHeaderFields ?? [:], prefix: "> ", context: context)
            if case .bodies(let limit) = level, let body = request.httpBody ?? context.upload?.dataIfInMemory, !body.isEmpty {
                lines.append("> " + excerpt(body, type: request.value(forHTTPHeaderField: "Content-Type"), limit: limit, context: context))
            }
        }
        do {
            let response = try await next(request)
            let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
            let bytes = response.body.wholeData.map { "\($0.count) bytes" } ?? "streamed"
            var summary = "\(method) \(url) → \(response.statusCode), \(bytes) in \(milliseconds) ms [\(context.endpoint)]"
            if context.attempts > 1 { summary += " after \(context.attempts) attempts" }
            lines.insert(summary, at: 0)
            if level != .summary {
                lines += headerLines(response.headers, prefix: "< ", context: context)
                if case .bodies(let limit) = level, let body = response.body.wholeData, !body.isEmpty {
                    lines.append("< " + excerpt(body, type: response.value(forHeader: "Content-Type"), limit: limit, context: context))
                }
            }
            sink(lines.joined(separator: "\n"))
            return response
        } catch {
            let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
            lines.insert("\(method) \(url) → failed in \(milliseconds) ms [\(context.endpoint)]: \(redacted("\(error)", context: context))", at: 0)
            sink(lines.joined(separator: "\n"))
            throw error
        }
    }

    /// A header value and its parts that may show alone: a credential after its scheme
    /// (`Bearer …`), each cookie's value.
    static func secretParts(of value: String) -> [String] {
        var parts = [value]
        if let space = value.firstIndex(of: " ") { parts.append(String(value[value.index(after: space)...])) }
        for cookie in value.split(separator: ";") {
            if let equals = cookie.firstIndex(of: "=") { parts.append(String(cookie[cookie.index(after: equals)...])) }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 4 }
    }

    private func redactedURL(_ url: URL?, context: RequestContext) -> String {
        guard let url else { return "(no URL)" }
        var text = url.redactingPassword(in: url.absoluteString)
        if let question = text.firstIndex(of: "?") {
            let end = text[question...].firstIndex(of: "#") ?? text.endIndex
            let items = text[text.index(after: question)..<end].split(separator: "&", omittingEmptySubsequences: false).map { item in
                let name = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let plain = (name.removingPercentEncoding ?? name).lowercased()
                return isRedacted(plain) ? "\(name)=<redacted>" : String(item)
            }
            text = String(text[...question]) + items.joined(separator: "&") + text[end...]
        }
        return redacted(text, context: context)
    }

    private func headerLines(_ headers: [String: String], prefix: String, context: RequestContext) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            prefix + name + ": " + (isRedacted(name) ? "<redacted>" : redacted(value, context: context))
        }
    }

    /// Whether the values of a header, query item or body field of this name are never written.
    func isRedacted(_ name: String) -> Bool {
        let name = name.lowercased()
        return Self.credentialHeaders.contains(name) || redactedNames.contains(name)
    }

    /// The body's first `limit` bytes, once every secret in all of it is redacted: cut first, a
    /// secret across the cut would no longer match, and its first part would show.
    private func excerpt(_ body: Data, type: String?, limit: Int, context: RequestContext) -> String {
        var text = String(decoding: body, as: UTF8.self)
        let lowercased = type?.lowercased() ?? ""
        if lowercased.contains("json") {
            text = redactingMembers(ofJSON: text)
        } else if lowercased.hasPrefix("application/x-www-form-urlencoded") {
            text = redactingFields(ofForm: text)
        } else if lowercased.hasPrefix("multipart/"), let boundary = type.flatMap({ Self.parameter("boundary", in: $0) }) {
            text = redactingParts(ofMultipart: text, boundary: boundary)
        }
        text = redacted(text, context: context)
        guard text.utf8.count > limit else { return text }
        return String(decoding: text.utf8.prefix(max(0, limit)), as: UTF8.self) + "… (\(body.count) bytes)"
    }

    /// A form body (`grant_type=password&password=…`) with the values of redacted fields replaced.
    func redactingFields(ofForm text: String) -> String {
        // Split by scalars: a `=` or `&` before a combining mark is not a Character of its own.
        text.unicodeScalars.split(separator: "&", omittingEmptySubsequences: false).map { field in
            let name = String(field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? field)
            let plain = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name
            return isRedacted(plain) ? "\(name)=<redacted>" : String(field)
        }.joined(separator: "&")
    }

    /// A multipart body with the content of each part whose `name` is redacted replaced, and
    /// the redacted members of each JSON part.
    func redactingParts(ofMultipart text: String, boundary: String) -> String {
        let delimiter = "--" + boundary
        // Searched literally: Foundation's default search compares characters, and a `\r\n`
        // before a combining mark is not one.
        var parts: [String] = []
        var rest = text[...]
        while let found = rest.range(of: delimiter, options: .literal) {
            parts.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        parts.append(String(rest))
        for index in parts.indices.dropFirst() {
            let part = parts[index]
            guard let blank = part.range(of: "\r\n\r\n", options: .literal) else { continue }
            let headers = part[..<blank.lowerBound].components(separatedBy: "\r\n").map { $0.lowercased() }
            // The part's content ends with the line break before the next delimiter.
            // (Counted in scalars: `\r\n` is one Character.)
            let end = part.hasSuffix("\r\n") ? part.unicodeScalars.index(part.endIndex, offsetBy: -2) : part.endIndex
            let disposition = part[..<blank.lowerBound].components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-disposition:") }
            if let name = disposition.flatMap({ Self.parameter("name", in: $0) }), isRedacted(name.removingPercentEncoding ?? name) {
                parts[index] = String(part[..<blank.upperBound]) + "<redacted>" + part[end...]
            } else if headers.contains(where: { $0.hasPrefix("content-type:") && $0.contains("json") }), blank.upperBound <= end {
                parts[index] = String(part[..<blank.upperBound]) + redactingMembers(ofJSON: String(part[blank.upperBound..<end])) + part[end...]
            }
        }
        return parts.joined(separator: delimiter)
    }

    /// A parameter's value in a header (`name="password"`, `boundary=abc`), unquoted; nil when
    /// it is not there.
    private static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    /// JSON text (one value, or one per line) with the value of every member whose name is
    /// redacted replaced by `"<redacted>"`, at any depth and whatever the value (a `null` stays).
    /// Text that is not JSON is scanned the same way and passes as it is where nothing matches.
    func redactingMembers(ofJSON text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let end = Self.stringEnd(bytes, from: index)
            // A member's name is a string followed by a colon.
            var value = end
            while value < bytes.count, Self.isSpace(bytes[value]) { value += 1 }
            guard value < bytes.count, bytes[value] == UInt8(ascii: ":"), end - index >= 2 else {
                index = end
                continue
            }
            value += 1
            while value < bytes.count, Self.isSpace(bytes[value]) { value += 1 }
            let name = Self.jsonString(bytes[(index + 1)..<(end - 1)])
            guard value < bytes.count, isRedacted(name) else {
                index = value
                continue
            }
            let valueEnd = Self.valueEnd(bytes, from: value)
            if bytes[value..<valueEnd].elementsEqual("null".utf8) {
                index = valueEnd
                continue
            }
            output += bytes[copied..<value]
            output += "\"<redacted>\"".utf8
            copied = valueEnd
            index = valueEnd
        }
        if copied == 0 { return text }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The index after the string that starts at `start` (its opening quote), or the end.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The index after the JSON value that starts at `start`: a string, an object or array with
    /// all it holds, or a number or literal.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index = stringEnd(bytes, from: index)
                if depth == 0 { return index }
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if depth == 0 && (byte == UInt8(ascii: ",") || isSpace(byte)) {
                return index
            }
            index += 1
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A member name's text, its escapes (`\u0070`, `\/`) read.
    private static func jsonString(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.contains(UInt8(ascii: "\\")),
              let decoded = try? JSONSerialization.jsonObject(with: Data("\"\(text)\"".utf8), options: .fragmentsAllowed) as? String
        else { return text }
        return decoded
    }

    /// `text` with every secret of the request, and its percent-encoded form, replaced.
    private func redacted(_ text: String, context: RequestContext) -> String {
        var text = text
        for secret in context.secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "<redacted>")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != secret {
                text = text.replacingOccurrences(of: encoded, with: "<redacted>")
            }
        }
        return text
    }
}

/// What one call cost: reported by ``MetricsMiddleware`` when its response (or error) came.
public struct RequestMetrics: Sendable {
    /// The endpoint's type name, its method and path template.
    public var endpoint: String
    public var method: HTTPMethod
    public var pathTemplate: String
    /// How many times the request was sent.
    public var attempts: Int
    /// The final status; nil when no response came.
    public var statusCode: Int?
    /// From the call's start to its response's head (for a stream) or whole body, or its error.
    public var duration: TimeInterval
    /// The request body's size (nil for a streamed upload).
    public var requestBytes: Int?
    /// The response body's size (nil for a stream, which is still arriving).
    public var responseBytes: Int?
    /// The error, when the call failed.
    public var error: (any Error)?
}

/// Reports a ``RequestMetrics`` per call to `report`. Put it first in the chain to measure the
/// whole call, retries included.
public struct MetricsMiddleware: EndpointMiddleware {
    public var report: @Sendable (RequestMetrics) -> Void

    public init(report: @escaping @Sendable (RequestMetrics) -> Void) {
        self.report = report
    }

    public func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
        let start = Date()
        var metrics = RequestMetrics(
            endpoint: context.endpoint, method: context.method, pathTemplate: context.pathTemplate, attempts: 1,
            statusCode: nil, duration: 0, requestBytes: Self.requestBytes(request, upload: context.upload),
            responseBytes: nil, error: nil)
        do {
            let response = try await next(request)
            metrics.statusCode = response.statusCode
            metrics.responseBytes = response.body.wholeData?.count
            metrics.attempts = context.attempts
            metrics.duration = Date().timeIntervalSince(start)
            report(metrics)
            return response
        } catch {
            metrics.error = error
            metrics.attempts = context.attempts
            metrics.duration = Date().timeIntervalSince(start)
            report(metrics)
            throw error
        }
    }

    /// The size of the body: the request's, or the upload's beside it; nil for a stream.
    static func requestBytes(_ request: URLRequest, upload: UploadBody?) -> Int? {
        if let body = request.httpBody { return body.count }
        switch upload {
        case .data(let data): return data.count
        case .file(let url): return (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        case .stream: return nil
        case nil: return request.httpBodyStream == nil ? 0 : nil
        }
    }
}
