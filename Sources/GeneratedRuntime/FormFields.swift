import Foundation

/// The fields of an HTML-style form, in order: text values, files and JSON values. A request
/// sends them as `application/x-www-form-urlencoded` (``EndpointRequest/setFormBody(_:)``) or
/// `multipart/form-data` (``EndpointRequest/setMultipartBody(_:boundary:)``).
public struct FormFields: Sendable, Hashable {
    public enum Field: Sendable, Hashable {
        case text(name: String, value: String)
        case file(name: String, FormFile)
        /// A value encoded as JSON: in a multipart body a part of type `application/json`, as
        /// OpenAPI sends an object or array field of a multipart form by default.
        case json(name: String, Data)
    }

    public var fields: [Field] = []

    public init() {}

    /// Appends `name=value` unless `value` is nil.
    public mutating func append(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        fields.append(.text(name: name, value: value.parameterValue))
    }

    /// Appends `name=value` once for each element, in order.
    public mutating func append(_ name: String, _ values: [some ParameterValue]?) {
        for value in values ?? [] { fields.append(.text(name: name, value: value.parameterValue)) }
    }

    /// Appends a file unless it is nil.
    public mutating func append(_ name: String, _ file: FormFile?) {
        guard let file else { return }
        fields.append(.file(name: name, file))
    }

    /// Appends data as a file named after the field, unless it is nil.
    public mutating func append(_ name: String, _ data: Data?) {
        guard let data else { return }
        fields.append(.file(name: name, FormFile(data: data, filename: name)))
    }

    /// Appends each file under the same name, in order.
    public mutating func append(_ name: String, _ files: [FormFile]?) {
        for file in files ?? [] { fields.append(.file(name: name, file)) }
    }

    /// Appends each data as a file named after the field, in order.
    public mutating func append(_ name: String, _ files: [Data]?) {
        for data in files ?? [] { fields.append(.file(name: name, FormFile(data: data, filename: name))) }
    }

    /// Appends `value` encoded as JSON, unless it is nil.
    public mutating func appendJSON(_ name: String, _ value: (some Encodable)?) throws {
        guard let value else { return }
        fields.append(.json(name: name, try JSONEncoder().encode(value)))
    }

    /// Appends each element encoded as JSON under the same name, in order.
    public mutating func appendJSONElements(_ name: String, _ values: [some Encodable]?) throws {
        let encoder = JSONEncoder()
        for value in values ?? [] { fields.append(.json(name: name, try encoder.encode(value))) }
    }

    /// The fields as `a=1&b=two+words`: each name and value percent-encoded, spaces as `+`.
    /// A file field sends its bytes, each percent-encoded as it is (bytes that are not UTF-8
    /// too), and a JSON field its JSON text.
    public var urlEncoded: String {
        fields.map { field in
            switch field {
            case .text(let name, let value): "\(Self.formEncode(name))=\(Self.formEncode(value))"
            case .file(let name, let file): "\(Self.formEncode(name))=\(Self.formEncode(bytes: file.data))"
            case .json(let name, let json): "\(Self.formEncode(name))=\(Self.formEncode(bytes: json))"
            }
        }.joined(separator: "&")
    }

    /// The fields as a `multipart/form-data` body with `boundary`.
    public func multipartEncoded(boundary: String) -> Data {
        var data = Data()
        func add(_ text: String) { data.append(Data(text.utf8)) }
        for field in fields {
            add("--\(boundary)\r\n")
            switch field {
            case .text(let name, let value):
                add("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n")
                add(value)
            case .file(let name, let file):
                add("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(file.filename))\"\r\n")
                // `EndpointRequest.setMultipartBody` refuses a content type a header cannot
                // carry; here (a body built for an upload of its own) its line breaks are
                // percent-encoded, as in names, so that it cannot end or add a header.
                add("Content-Type: \(Self.quoted(file.contentType))\r\n\r\n")
                data.append(file.data)
            case .json(let name, let json):
                add("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\nContent-Type: application/json\r\n\r\n")
                data.append(json)
            }
            add("\r\n")
        }
        add("--\(boundary)--\r\n")
        return data
    }

    private static func formEncode(_ text: String) -> String {
        formEncode(bytes: text.utf8)
    }

    /// As ``formEncode(_:)``, from bytes that need not be UTF-8.
    private static func formEncode(bytes: some Collection<UInt8>) -> String {
        PercentEncoding.encode(bytes: bytes).replacingOccurrences(of: "%20", with: "+")
    }

    /// A name inside a quoted header parameter: quotes and line breaks percent-encoded, as
    /// browsers do, so a name cannot end the parameter or the header; and backslashes, which a
    /// parser that reads the quoted string as RFC 2183 writes it takes for an escape (a file name
    /// ending in one left werkzeug with no file name, and the file became a text field).
    private static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\\": result += "%5C"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case "\0": result += "%00"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A file in a multipart form: its bytes, the file name sent with it and its media type.
public struct FormFile: Codable, Sendable, Hashable {
    public var data: Data
    public var filename: String
    public var contentType: String

    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }

    /// The file at `url`, read now, sent under its own name with `contentType`, or the media
    /// type its extension names (``mediaType(forExtension:)``), or `application/octet-stream`.
    /// A server may tell a file's format by its name: OpenAI's audio transcription, for one.
    public init(contentsOf url: URL, contentType: String? = nil) throws {
        self.init(
            data: try Data(contentsOf: url), filename: url.lastPathComponent,
            contentType: contentType ?? Self.mediaType(forExtension: url.pathExtension) ?? "application/octet-stream")
    }

    /// The media type of a file name's extension (`png`, `JPG`, `m4a`…) among common image,
    /// audio, video, document and data formats; nil for any other.
    public static func mediaType(forExtension pathExtension: String) -> String? {
        mediaTypes[pathExtension.lowercased()]
    }

    private static let mediaTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "svg": "image/svg+xml", "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff",
        "mp3": "audio/mpeg", "mpga": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg",
        "oga": "audio/ogg", "flac": "audio/flac", "aac": "audio/aac", "opus": "audio/opus", "weba": "audio/webm",
        "mp4": "video/mp4", "mpeg": "video/mpeg", "mov": "video/quicktime", "webm": "video/webm",
        "pdf": "application/pdf", "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "html": "text/html",
        "json": "application/json", "jsonl": "application/jsonl", "xml": "application/xml", "zip": "application/zip",
        "gz": "application/gzip", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ]
}
