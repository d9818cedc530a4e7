/// A value with the place in the spec it was read from.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var location: SourceLocation
    /// For text read from a JSON string with escapes: where its scalars are in the line.
    var columns: StringColumns? = nil
}

extension Located<String> {
    /// The text of a JSON string node, with what it takes to point inside it.
    init(_ text: String, of node: JSONNode) {
        self.init(value: text, location: node.location, columns: node.columns)
    }

    /// The place of the scalar at `offset` in the text: the column of the opening quote, plus
    /// one, plus the columns the scalars before it take in the spec (`\u00e9` takes six).
    func location(ofScalarAt offset: Int) -> SourceLocation {
        let extra = columns?.extraColumns(before: offset) ?? 0
        return SourceLocation(line: location.line, column: location.column + 1 + offset + extra)
    }
}

/// Where the scalars of a JSON string with escapes are: after each escape, how many more
/// columns than scalars the text so far takes in the spec.
struct StringColumns: Sendable, Hashable {
    /// The number of scalars decoded up to and including an escape, ascending.
    private var ends: [Int] = []
    /// The extra columns of all escapes up to that one.
    private var extras: [Int] = []

    mutating func append(escapeEndingBefore scalars: Int, extraColumns: Int) {
        ends.append(scalars)
        extras.append((extras.last ?? 0) + extraColumns)
    }

    /// The extra columns of the escapes before the scalar at `offset`.
    func extraColumns(before offset: Int) -> Int {
        // The last escape that ends at or before `offset`, by binary search.
        var low = 0, high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : extras[low - 1]
    }
}

/// The spec as written: shapes checked, nothing resolved yet. Every list keeps the spec's order.
struct SpecDocument: Sendable {
    var name: Located<String>
    var description: String?
    var servers: [(name: Located<String>, url: Located<String>)]
    var headers: [(name: Located<String>, value: Located<String>)]
    var defaults: Options
    /// `defaults.hashable`: whether models conform to `Hashable` unless they say otherwise.
    var defaultHashable: Located<Bool>? = nil
    /// `defaults.identifiable`: whether structs with an `id` conform to `Identifiable` unless they say otherwise.
    var defaultIdentifiable: Located<Bool>? = nil
    var access: Located<String>?
    var authSchemes: [AuthScheme]
    /// The scheme endpoints need unless they or their resource say otherwise (`"none"` for none).
    var defaultAuth: Located<String>?
    var defaultErrorResponse: ErrorResponse?
    var defaultEnvelope: Envelope?
    var models: [Model]
    var resources: [Resource]
    /// An OpenAPI document's security schemes that the import leaves out, by their keys there,
    /// with why: a configuration's `auth` that names one is told so.
    var leftOutAuthSchemes: [LeftOutAuthScheme] = []

    struct AuthScheme: Sendable {
        var name: Located<String>
        var pointer: String
        var description: String?
        var type: Located<String>
        /// For API keys: `header` or `query`, and the field's name.
        var location: Located<String>?
        var fieldName: Located<String>?
        /// For API keys sent together (`"type": "apiKeys"`): where each goes, in order.
        var keys: [APIKeyField]? = nil
    }

    struct APIKeyField: Sendable {
        var node: SourceLocation
        var location: Located<String>?
        var fieldName: Located<String>?
    }

    struct Envelope: Sendable {
        var location: SourceLocation
        var status: Located<String>
        var success: [Located<SuccessValue>]
        var message: Located<String>?
        var value: Located<String>?

        enum SuccessValue: Sendable, Hashable {
            case string(String)
            case integer(Int)
            case bool(Bool)
        }
    }

    struct Pagination: Sendable {
        var location: SourceLocation
        var style: Located<String>
        /// Request parameters: the position (`offset`, `page`, `cursor`) and the page size.
        var positionParameter: Located<String>?
        var sizeParameter: Located<String>?
        /// Response fields.
        var items: Located<String>?
        var total: Located<String>?
        var pageCount: Located<String>?
        var nextCursor: Located<String>?
        var firstPage: Located<Int>?
    }

    /// Strategies that can be set spec-wide and overridden by a model, a property or an endpoint.
    struct Options: Sendable {
        var keyStrategy: Located<String>?
        var dateStrategy: Located<DateStrategyValue>?
        var arrayStrategy: Located<String>?
    }

    enum DateStrategyValue: Sendable {
        case named(String)
        case format(String)
    }

    struct Model: Sendable {
        var name: Located<String>
        var pointer: String
        var description: String?
        var options: Options
        var tolerant: Bool
        var kind: Kind
        /// The type of the values under keys the model does not declare (`additionalProperties`).
        var additionalProperties: Located<String>? = nil
        /// The models whose properties this struct has too, before its own (`allOf`).
        var allOf: [Located<String>] = []
        /// `"hashable"`: whether the struct or union conforms to `Hashable` (and `Equatable`).
        var hashable: Located<Bool>? = nil
        /// `"identifiable"`: whether the struct conforms to `Identifiable` through its `id`.
        var identifiable: Located<Bool>? = nil

        enum Kind: Sendable {
            case structure([Property])
            case enumeration([EnumCase])
            case union(Union)
        }
    }

    /// A model that is one of several types (`oneOf`): tried in order, or chosen by the value of
    /// a discriminator property.
    struct Union: Sendable {
        /// The `oneOf` value.
        var location: SourceLocation
        var members: [UnionMember]
        /// The JSON key whose value says which member an object is.
        var discriminator: Located<String>?
        /// Discriminator value → member type name, in the spec's order.
        var mapping: [(value: Located<String>, type: Located<String>)]
    }

    struct UnionMember: Sendable {
        /// The case name, when `oneOf` is an object of names to types.
        var name: Located<String>?
        var type: Located<String>
    }

    struct Property: Sendable {
        var name: Located<String>
        var type: Located<String>
        var key: Located<String>?
        var description: String?
        var defaultValue: JSONNode?
        var options: Options
        /// `"nullable": true`: absent, `null` and a value are three different things.
        var nullable: Located<Bool>? = nil
        /// `"required": true` on a `T?`: the key is always sent, nil as `null`.
        var required: Located<Bool>? = nil
    }

    struct EnumCase: Sendable {
        var name: Located<String>?
        var value: Located<RawValue>

        enum RawValue: Sendable, Hashable {
            case string(String)
            case integer(Int)
        }
    }

    /// The auth schemes by the key that names each where it is declared: a spec's `auth` key, an
    /// OpenAPI document's `securitySchemes` key (the spec's name may have another word after it).
    /// API keys an OpenAPI requirement needs together became a scheme of their own, declared at
    /// that requirement (`…/security/0`): it has no such key.
    var authSchemeKeys: [String] {
        authSchemes.filter { !$0.pointer.contains("/security/") }.map { OpenAPIReader.lastToken($0.pointer) }
    }

    struct Resource: Sendable {
        var name: Located<String>
        var pointer: String
        var description: String?
        var path: Located<String>?
        var auth: Located<String>?
        /// The resource's own base URL on each of the API's servers, when it lives elsewhere.
        var servers: [(name: Located<String>, url: Located<String>)]
        var serversLocation: SourceLocation?
        var endpoints: [Endpoint]
    }

    struct Endpoint: Sendable {
        var location: SourceLocation
        var pointer: String
        var name: Located<String>?
        var method: Located<String>
        var path: Located<String>
        var description: String?
        /// nil: not deprecated; "": deprecated without a message.
        var deprecated: String?
        var pathParameters: [Parameter]
        var query: [Parameter]
        var headers: [Parameter]
        var cookies: [Parameter]
        var body: Body?
        var response: Located<String>?
        var responseKey: Located<String>?
        var arrayStrategy: Located<String>?
        /// `sse`, `jsonLines` or `bytes`: the response is read as it arrives.
        var stream: Located<String>?
        var streamTerminator: Located<String>?
        /// The body's Bool property the request sets to true to ask for the stream: `"streamFlag"`.
        var streamFlag: Located<String>? = nil
        /// `"idempotent": true`: a retry may resend it whatever its method.
        var idempotent = false
        /// Seconds, as written.
        var timeout: Located<String>?
        /// The `Accept` header for a JSON response of another media type (`application/vnd.api+json`).
        var accept: Located<String>? = nil
        var auth: Located<String>?
        var errorResponse: ErrorResponse?
        var envelope: Envelope?
        /// `"envelope": "none"`: this endpoint's response is not in `defaults.envelope`.
        var withoutEnvelope = false
        var pagination: Pagination?
        /// The header fields a successful response carries, typed: `"responseHeaders"`.
        var responseHeaders: [Parameter] = []
    }

    /// `errorResponse`: the type of every failed response's body (or `"none"`), or a type per status.
    enum ErrorResponse: Sendable {
        case one(Located<String>)
        /// `{"404": "NotFound", "4XX": "Problem", "default": "none"}`, in the order written.
        case byStatus([(status: Located<String>, type: Located<String>)], location: SourceLocation)

        /// The types it names, `"none"` too.
        var types: [Located<String>] {
            switch self {
            case .one(let type): [type]
            case .byStatus(let entries, _): entries.map(\.type)
            }
        }

        /// The one type, when it is not per status.
        var one: Located<String>? {
            if case .one(let type) = self { type } else { nil }
        }
    }

    struct Parameter: Sendable {
        var name: Located<String>
        var type: Located<String>
        var description: String?
        var swiftName: Located<String>?
        /// `"secret": true`: its value never shows in errors or logs.
        var secret = false
        /// What separates an array's elements in one query item or header (`ids=1,2,3`), as written.
        var separator: Located<String>? = nil
        /// How a dictionary in the query is sent: `deepObject` (`name[key]=value`, the default) or
        /// `form` (`key=value`), as written.
        var style: Located<String>? = nil
    }

    struct Body: Sendable {
        var location: SourceLocation
        var type: Located<String>
        var key: Located<String>?
        var swiftName: Located<String>?
        /// `json` (the default), `form` or `multipart`.
        var encoding: Located<String>?
        /// For uploads: the `Content-Type` sent.
        var contentType: Located<String>?
    }
}
