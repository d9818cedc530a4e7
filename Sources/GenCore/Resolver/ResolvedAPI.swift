/// The validated, resolved spec: every reference checked, every Swift name decided. The
/// translator reads only this; it makes no naming decision of its own.
struct ResolvedAPI: Sendable {
    /// How generated headers name the spec.
    var specReference: String
    /// Modules every file imports besides Foundation and GeneratedRuntime, for the app's types
    /// that replace models (the configuration's `imports`).
    var imports: [String] = []
    var description: String?
    /// The namespace enum for servers, headers and client construction (`CitiesAPI`).
    var namespace: String
    var access: AccessLevel
    var servers: [Server]
    /// Resources that live on another server: their base URL on each of the API's servers.
    var resourceServers: [ResourceServer]
    var headers: [(name: String, value: String)]
    var authSchemes: [AuthScheme]
    var models: [Model]
    var services: [Service]

    struct Server: Sendable {
        var caseName: String
        var url: String
    }

    struct ResourceServer: Sendable {
        /// The name requests carry (`EndpointRequest.server`) and clients map to a base URL.
        var name: String
        /// The `Server` property with the base URL (`avatarsURL`).
        var propertyName: String
        /// Server case name → URL, in the order of the API's servers.
        var urls: [(caseName: String, url: String)]
    }

    struct AuthScheme: Sendable {
        var typeName: String
        var specName: String
        var pointer: String
        var description: String?
        var kind: Kind

        enum Kind: Sendable {
            case bearer
            case basic
            case apiKey(APIKeyPlace)
            /// API keys sent together, in order.
            case apiKeys([APIKeyPlace])
            case custom
        }

        /// Where an API key goes, as the runtime's `APIKeyLocation` says it.
        enum APIKeyPlace: Sendable {
            case header(String)
            case query(String)
            case cookie(String)

            /// The header's, query item's or cookie's name.
            var name: String {
                switch self {
                case .header(let name), .query(let name), .cookie(let name): name
                }
            }
        }
    }

    enum Model: Sendable {
        case structure(Structure)
        case enumeration(Enumeration)
        case union(Union)

        var name: String {
            switch self {
            case .structure(let model): model.name
            case .enumeration(let model): model.name
            case .union(let model): model.name
            }
        }

        var pointer: String {
            switch self {
            case .structure(let model): model.pointer
            case .enumeration(let model): model.pointer
            case .union(let model): model.pointer
            }
        }

        /// The models a struct or union holds, through arrays, dictionaries, optionals,
        /// additional properties and union members, each with how (`property 'owner'`).
        var heldModels: [(name: String, via: String)] {
            switch self {
            case .structure(let structure):
                var result = structure.properties.flatMap { property in
                    property.type.modelNames.map { ($0, "property '\(property.key)'") }
                }
                if let extra = structure.additionalProperties {
                    result += extra.valueType.modelNames.map { ($0, "its additional properties") }
                }
                return result
            case .union(let union):
                return union.cases.flatMap { unionCase in unionCase.type.modelNames.map { ($0, "case '\(unionCase.name)'") } }
            case .enumeration:
                return []
            }
        }
    }

    /// An enum with a case per member type. Untagged, its cases are tried in order; tagged, the
    /// discriminator's value picks the case, and a value no case lists is kept as JSON.
    struct Union: Sendable {
        var name: String
        var pointer: String
        var description: String?
        var cases: [Case]
        /// The JSON key of the discriminator, for a tagged union.
        var discriminator: String?
        /// The case that keeps an object whose discriminator no case lists (tagged unions).
        var unknownCaseName: String
        /// Conforms to `Hashable`: asked for in the spec, or held by a model that is.
        var isHashable = false
        /// Untagged, of values a parameter sends as text (an id or a name): conforms to
        /// `ParameterValue`, its member's text.
        var isText = false

        struct Case: Sendable {
            var name: String
            var type: TypeReference
            /// How a decoding error names the case: `text (String)`.
            var label: String
            /// Tagged unions: the discriminator values that pick the case; the first is written,
            /// unless the case has several and the member holds one of them (`ownTag`).
            var tags: [String]
            /// Stored out of line (`indirect case`): the type is a struct or union of the spec.
            var isIndirect: Bool
            /// A case of several tags: how to read the member's own discriminator as a `String?`
            /// (`value.type`, `value.type.rawValue`), so that it goes out as it came.
            var ownTag: String? = nil
            /// A case of several tags whose member is a union (of structs that each hold the
            /// discriminator): it goes out as it encodes itself, with its own value.
            var encodesItsOwnTag = false
            /// An untagged struct member that takes every object (its properties are all optional),
            /// before another member that takes objects: its JSON keys. It is tried with an object
            /// that holds no other key, which it drops nothing of; another goes to the members after
            /// it, and comes back to this one only when none of them takes it.
            var keys: [String]? = nil
            /// An untagged struct member that requires keys, before struct members that declare
            /// keys it does not: those keys. It is tried with an object that holds none of them,
            /// so that an object of a later member goes to it (Linode's `{label, specs}` past a
            /// `Volume {label, size?}`), while keys no member declares (a field the server added)
            /// stay this one's to drop; it comes back to this one only when none of them takes it.
            var excludedKeys: [String]? = nil
        }
    }

    struct Structure: Sendable {
        var name: String
        var pointer: String
        var description: String?
        var properties: [Property]
        var tolerant: Bool
        /// The values under keys the model does not declare, kept on decode and written back.
        var additionalProperties: AdditionalProperties? = nil
        /// Conforms to `Hashable`: asked for in the spec, or held by a model that is.
        var isHashable = false
        /// Conforms to `Identifiable` through its property `id`: asked for in the spec.
        var isIdentifiable = false
        /// The models it is composed of (`allOf`), theirs too, the nearest first.
        var bases: [String] = []
    }

    struct AdditionalProperties: Sendable, Equatable {
        var swiftName: String
        /// The type of each value: the property is `[String: valueType]`.
        var valueType: TypeReference
    }

    struct Property: Sendable {
        var swiftName: String
        var key: String
        var type: TypeReference
        var description: String?
        /// A Swift expression for the value when the key is missing or null.
        var defaultValue: String?
        /// Set when the type holds a `Date`.
        var dateStrategy: DateStrategy?
        /// `[T]` or `[T]?` whose bad elements are dropped.
        var prunesArray: Bool
        /// Stored out of line (`@Indirect`): the type is a struct or union of the spec.
        var isIndirect: Bool
        /// Absent, `null` or a value: `type` is `T?` and Swift holds a `Nullable<T>?`.
        var isNullable: Bool = false
        /// A `T?` whose key is always sent (`"required": true`), nil as `null`.
        var isRequired: Bool = false
        /// Where the spec declares it, and in which model (a composed struct has its bases').
        var origin: (model: String, location: SourceLocation)? = nil
        /// Its name in the spec's `properties`.
        var specName: String = ""

        /// The type Swift declares: `Nullable<T>?` for a nullable property.
        var swiftType: String {
            isNullable ? "Nullable<\(type.unwrapped.swift)>?" : type.swift
        }
    }

    struct Enumeration: Sendable {
        var name: String
        var pointer: String
        var description: String?
        var rawType: RawType
        var cases: [Case]
        var unknownCaseName: String

        enum RawType: String, Sendable {
            case string = "String"
            case integer = "Int"
        }

        struct Case: Sendable {
            var name: String
            /// The raw value as a Swift literal (`"active"`, `2`).
            var literal: String
        }
    }

    struct Service: Sendable {
        var resourceName: String
        var pointer: String
        /// `CitiesService`: the namespace of static functions that build endpoints.
        var name: String
        /// `CitiesServiceProtocol` and `LiveCitiesService`.
        var protocolName: String
        var liveName: String
        var description: String?
        /// The scheme the resource's endpoints need, if any: what its live service's client holds.
        var auth: String?
        var endpoints: [Endpoint]
    }

    struct Endpoint: Sendable {
        var pointer: String
        var functionName: String
        var typeName: String
        var method: String
        var pathSegments: [PathSegment]
        /// The items of the query the path holds (`/rest?method=flickr.photos.search`), decoded:
        /// sent with every request, before the parameters' items.
        var fixedQuery: [FixedQueryItem] = []
        var description: String?
        var deprecated: String?
        /// Every parameter in the order the functions take them: path, body, query, headers.
        var parameters: [Parameter]
        var response: Response
        var responseKey: String?
        var arrayStrategy: ArrayStrategy
        /// How a streamed response is read; nil when it is read whole.
        var stream: Stream?
        /// The body's Bool property that the request sets to true to ask for the stream.
        var streamFlag: StreamFlag? = nil
        /// The spec marks it idempotent: a retry may resend it whatever its method.
        var idempotent = false
        /// Its timeout in seconds, as written in the spec.
        var timeout: String?
        /// The `Accept` header the spec gives a JSON response of another media type.
        var accept: String? = nil
        /// The auth scheme's type name, nil for none.
        var auth: String?
        /// The server the request goes to when it is not the API's (`"Avatars"`).
        var server: String?
        /// The error body's type for each status it is for; empty without one.
        var errorBodies: [ErrorBody] = []
        var envelope: Envelope?
        var pagination: Pagination?
        /// The typed header fields of a successful response, in the spec's order.
        var responseHeaders: [ResponseHeader] = []
    }

    /// A query item the path names, with its value: the same in every request.
    struct FixedQueryItem: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The type an error response's body decodes as, for the statuses it matches.
    struct ErrorBody: Sendable {
        enum Status: Sendable, Hashable, Comparable {
            /// One status code, `404`.
            case code(Int)
            /// A class of them, `4XX`: the first digit.
            case range(Int)
            /// Every other status.
            case any
        }

        var status: Status
        /// Nil: responses of this status have no error body (`"none"`).
        var type: TypeReference?
    }

    /// A header field of a successful response, read into the endpoint's `ResponseHeaders`.
    struct ResponseHeader: Sendable {
        var name: String
        var swiftName: String
        /// A simple type or an array of one; optional when the response may leave it out.
        var type: TypeReference
        var description: String?
    }

    struct Envelope: Sendable {
        var status: String
        /// Swift `JSONValue` expressions (`.int(1)`).
        var success: [String]
        var message: String?
        var value: String?
    }

    struct Pagination: Sendable {
        enum Style: Sendable {
            case offset(total: String?)
            case page(first: Int, pageCount: String?)
            case cursor(next: String)
            /// The next page is the `Link` header's `rel="next"` target.
            case link
        }

        var style: Style
        /// The Swift names of the position parameter (offset, page, cursor) and of the page size.
        var position: String
        var size: String?
        /// The key of the items in the response, nil when the body is the array.
        var items: String?
        var itemType: TypeReference
        /// `fetchItemsPages`: the live service's function returning a `PageSequence`.
        var pagesFunctionName: String
    }

    enum PathSegment: Sendable {
        case literal(String)
        case parameter(String)
    }

    struct Parameter: Sendable {
        enum Kind: Sendable {
            case path
            /// `separator`: an array sent as one item, its elements separated (`ids=1,2,3`);
            /// nil: one item per element. `byKey`: a dictionary whose entries are items named by
            /// their keys (`key=value`, OpenAPI's form style); else `name[key]=value`.
            case query(name: String, separator: Character? = nil, byKey: Bool = false)
            case header(name: String)
            case cookie(name: String)
            case body(key: String?, encoding: BodyEncoding)
            /// The upload's progress handler.
            case progress
            /// The `Content-Type` of an upload whose spec names a range (`image/*`) or a multipart
            /// type without its boundary: the app's bytes decide it.
            case contentType
            /// A link page's address, from the `Link` header of the page before: the request goes there.
            case pageLink
        }

        enum BodyEncoding: Sendable {
            /// JSON, sent with `contentType` (`application/json` when nil).
            case json(contentType: String?)
            /// The model's fields.
            case form([FormField])
            case multipart([FormField])
            case upload(contentType: String)
            /// A String sent as its UTF-8 text, with `contentType` (`text/plain; charset=utf-8`).
            case text(contentType: String)
        }

        /// A property of a form body's model, sent as a field.
        struct FormField: Sendable {
            enum Value: Sendable {
                /// Its text, or its file (multipart); each element of an array so, under the same name.
                case plain
                /// Its JSON, in a part of type `application/json` (multipart).
                case json
                /// Each element's JSON, in a part of its own under the same name (multipart).
                case jsonElements
            }
            var key: String
            var swiftName: String
            var value: Value
        }

        var kind: Kind
        var swiftName: String
        var type: TypeReference
        var description: String?
        /// Its value never shows in errors or logs.
        var secret = false

        var isOptional: Bool {
            if case .optional = type { return true }
            return false
        }
    }

    /// `"streamFlag"`: the body's property the request sets to true, and whether it is nullable
    /// (set to `.value(true)`).
    struct StreamFlag: Sendable {
        var swiftName: String
        var key: String
        var isNullable: Bool
    }

    enum Stream: Sendable {
        /// `text/event-stream`, each event's data decoded as the response type.
        case serverSentEvents(terminator: String?)
        /// One value of the response type per line.
        case jsonLines(terminator: String?)
        /// The raw body, chunk by chunk.
        case bytes
    }

    enum Response: Sendable {
        case void
        case data
        case text
        /// The whole `HTTPResponse`: status, headers and body.
        case raw
        case json(TypeReference)
    }
}

/// The access level of every generated declaration.
public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`
    case `internal`
}

enum ArrayStrategy: String, Sendable {
    case strict
    case prune
}

enum DateStrategy: Sendable, Hashable {
    case iso8601
    case iso8601WithFractionalSeconds
    case dateOnly
    case secondsSince1970
    case millisecondsSince1970
    case formatted(String)

    static let named: [String: DateStrategy] = [
        "iso8601": .iso8601, "iso8601WithFractionalSeconds": .iso8601WithFractionalSeconds, "dateOnly": .dateOnly,
        "secondsSince1970": .secondsSince1970, "millisecondsSince1970": .millisecondsSince1970,
    ]
}

enum BuiltinType: String, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int64 = "Int64"
    case double = "Double"
    case bool = "Bool"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    case data = "Data"
    case json = "JSON"
    /// A file in a multipart form: data, file name and media type.
    case file = "File"

    var swiftName: String {
        switch self {
        case .json: "JSONValue"
        case .file: "FormFile"
        default: rawValue
        }
    }
}

/// A resolved type: builtins and models only, no unknown names.
indirect enum TypeReference: Sendable, Hashable {
    case builtin(BuiltinType)
    case model(String)
    case array(TypeReference)
    case dictionary(TypeReference)
    case optional(TypeReference)
    /// An upload's body and its progress handler: endpoint parameters only, never in models.
    case uploadBody
    case progressHandler
    /// A model the configuration's `replace` gives to a type of the app's (`Money` → `Shop.Money`):
    /// the model is not generated, and the generated code names `swift` wherever it held it.
    case replaced(model: String, swift: String)

    var swift: String {
        switch self {
        case .builtin(let type): type.swiftName
        case .model(let name): name
        case .replaced(_, let swift): swift
        case .array(let element): "[\(element.swift)]"
        case .dictionary(let value): "[String: \(value.swift)]"
        case .optional(.progressHandler): "(\(TypeReference.progressHandler.swift))?"
        case .optional(let wrapped): "\(wrapped.swift)?"
        case .uploadBody: "UploadBody"
        case .progressHandler: "@Sendable (UploadProgress) -> Void"
        }
    }

    var unwrapped: TypeReference {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The models the type names, at any depth: `[String: [Pet]?]` holds `Pet`.
    var modelNames: [String] {
        switch self {
        case .model(let name): [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.modelNames
        case .builtin, .uploadBody, .progressHandler, .replaced: []
        }
    }

    var containsDate: Bool {
        switch self {
        case .builtin(let type): type == .date
        case .model, .uploadBody, .progressHandler, .replaced: false
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.containsDate
        }
    }
}
