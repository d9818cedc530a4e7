import Foundation

/// One page of a paginated response: its items, and what the server said about the rest.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The number of items in all pages, when the server says (offset/limit pagination).
    public var total: Int?
    /// The number of pages, when the server says (page pagination).
    public var pageCount: Int?
    /// The cursor of the next page; nil or empty on the last page (cursor pagination).
    public var nextCursor: String?
    /// The address of the next page, the `Link` header's `rel="next"` target; nil on the last
    /// page (link pagination).
    public var nextLink: URL?
    /// How many items the server sent that the `prune` array strategy dropped: they count for
    /// where the next page starts, and whether this one was short.
    public var droppedCount: Int

    /// How many items the server sent: `items` and those dropped.
    public var receivedCount: Int { items.count + droppedCount }

    public init(
        items: [Item], total: Int? = nil, pageCount: Int? = nil, nextCursor: String? = nil, droppedCount: Int = 0, nextLink: URL? = nil
    ) {
        self.items = items
        self.total = total
        self.pageCount = pageCount
        self.nextCursor = nextCursor
        self.droppedCount = droppedCount
        self.nextLink = nextLink
    }

    /// The offset of the next page, or nil when this one is the last: it is empty, or it reaches
    /// the total, or (without a total) it is shorter than `limit`. Items the server sent that
    /// were dropped count: the page was not short, and the next one starts after them.
    public func nextOffset(after offset: Int?, limit: Int?) -> Int? {
        guard receivedCount > 0 else { return nil }
        let next = (offset ?? 0) + receivedCount
        if let total { return next < total ? next : nil }
        if let limit, receivedCount < limit { return nil }
        return next
    }

    /// The number of the next page, or nil when this one is the last: it is empty, or it is the
    /// last of `pageCount`, or (without a count) it is shorter than `size`.
    public func nextPageNumber(after page: Int?, first: Int, size: Int?) -> Int? {
        guard receivedCount > 0 else { return nil }
        let current = page ?? first
        if let pageCount { return current - first + 1 < pageCount ? current + 1 : nil }
        if let size, receivedCount < size { return nil }
        return current + 1
    }

    /// The cursor of the next page, or nil when this one is the last: it has no next cursor, or
    /// the same one it was fetched with (a server that repeats it would loop forever).
    public func nextPageCursor(after cursor: String?) -> String? {
        guard let nextCursor, !nextCursor.isEmpty, nextCursor != cursor else { return nil }
        return nextCursor
    }

    /// The address of the next page, or nil when this one is the last: it has no next link, or
    /// the same one it was fetched from (a server that repeats it would loop forever).
    public func nextPageLink(after link: URL?) -> URL? {
        guard let nextLink, nextLink.absoluteString != link?.absoluteString else { return nil }
        return nextLink
    }
}

/// An endpoint whose response is one ``Page`` of a longer list, and which knows the request for
/// the page after.
public protocol PaginatedEndpoint: Endpoint where Response == Page<PageItem> {
    associatedtype PageItem: Sendable
    /// The endpoint for the page after `page`, or nil when `page` is the last.
    func nextPage(after page: Page<PageItem>) -> Self?
}

/// The pages of a paginated endpoint, fetched one at a time as they are iterated: each element is
/// one page's items. It stops after the last page, and a cancelled task stops it with
/// `EndpointError(.cancelled)`.
///
/// ```swift
/// for try await items in service.fetchItemsPages() { show(items) }
/// let all = try await service.fetchItemsPages().allItems()
/// ```
public struct PageSequence<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = [Item]

    /// Fetches a page and says how to fetch the next; nil after the last.
    let first: Step

    struct Step: Sendable {
        let fetch: @Sendable () async throws -> (items: [Item], next: Step?)
    }

    /// The pages of `endpoint` and those after it, each fetched with `send`. A next cursor an
    /// earlier page gave already ends the list: a server that goes round (A, B, A…) would never.
    public init<E: PaginatedEndpoint>(
        first endpoint: E, send: @escaping @Sendable (E) async throws(EndpointError) -> Page<Item>
    ) where E.PageItem == Item {
        @Sendable func step(_ endpoint: E, cursors: Set<String>) -> Step {
            Step {
                let page = try await send(endpoint)
                var cursors = cursors
                if let cursor = page.nextCursor, !cursor.isEmpty, !cursors.insert(cursor).inserted { return (page.items, nil) }
                // A link seen before (pages that link round) ends the list too.
                if let link = page.nextLink, !cursors.insert("link:" + link.absoluteString).inserted { return (page.items, nil) }
                return (page.items, endpoint.nextPage(after: page).map { step($0, cursors: cursors) })
            }
        }
        first = step(endpoint, cursors: [])
    }

    /// Pages given in advance: for previews and tests of code that reads a paginated endpoint.
    public init(pages: [[Item]]) {
        @Sendable func step(_ index: Int) -> Step? {
            guard index < pages.count else { return nil }
            return Step { (pages[index], step(index + 1)) }
        }
        first = step(0) ?? Step { ([], nil) }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(next: first)
    }

    public struct Iterator: AsyncIteratorProtocol {
        var next: Step?

        public mutating func next() async throws -> [Item]? {
            guard let step = next else { return nil }
            if Task.isCancelled {
                next = nil
                throw EndpointError(kind: .cancelled, method: nil, url: nil, underlyingError: CancellationError())
            }
            let page = try await step.fetch()
            next = page.next
            return page.items
        }
    }

    /// Every item of every page, fetched in order. Mind the memory for long lists.
    public func allItems() async throws -> [Item] {
        var items: [Item] = []
        for try await page in self { items += page }
        return items
    }
}

extension EndpointSending {
    /// The pages of a paginated endpoint that needs no credential, starting with `endpoint`. All
    /// of them are sent as one run (``pinned()``): through a ``SessionClient``, a page after the
    /// user's identity changed fails as superseded instead of mixing two users' lists.
    public func pages<E: PaginatedEndpoint>(_ endpoint: E) -> PageSequence<E.PageItem> where E.Auth == NoAuth {
        let sender = pinned()
        return PageSequence(first: endpoint) { endpoint throws(EndpointError) in try await sender.perform(endpoint) }
    }

    /// The pages of a paginated endpoint that needs this sender's credential.
    @_disfavoredOverload
    public func pages<E: PaginatedEndpoint>(_ endpoint: E) -> PageSequence<E.PageItem> where E.Auth == Scheme {
        let sender = pinned()
        return PageSequence(first: endpoint) { endpoint throws(EndpointError) in try await sender.perform(endpoint) }
    }
}

extension HTTPResponse {
    /// Decodes one page: the items under `items` (or the whole body when nil), and the total, the
    /// page count and the next cursor under their keys, when given.
    public func decodePage<Item: Decodable>(
        of type: Item.Type, items: String?, strategy: ArrayDecodingStrategy, total: String? = nil,
        pageCount: String? = nil, nextCursor: String? = nil, linkHeader: Bool = false
    ) throws -> Page<Item> {
        let (elements, dropped) = try decodeJSONArrayCountingDropped(of: Item.self, unwrapping: items, strategy: strategy)
        if linkHeader {
            // Resolved against the URL the page came from (a `<3>` on `/items/page/2` is
            // `/items/page/3`), when the response knows it.
            let next = link(relation: "next").map { link in url.flatMap { URL(string: link.absoluteString, relativeTo: $0)?.absoluteURL } ?? link }
            return Page(items: elements, droppedCount: dropped, nextLink: next)
        }
        guard total != nil || pageCount != nil || nextCursor != nil else { return Page(items: elements, droppedCount: dropped) }
        // Those keys alone, not the items again.
        let fields = try topLevelFields([total, pageCount, nextCursor].compactMap { $0 })
        func integer(_ key: String?) throws -> Int? {
            guard let key, let value = fields[key] else { return nil }
            switch value {
            case .null: return nil
            case .int(let number): return number
            default:
                throw DecodingError.typeMismatch(
                    Int.self, .init(codingPath: [AnyCodingKey(key)], debugDescription: "Expected a whole number."))
            }
        }
        var cursor: String?
        if let nextCursor, let value = fields[nextCursor] {
            switch value {
            case .null: cursor = nil
            case .string(let text): cursor = text
            case .int(let number): cursor = String(number)
            case .decimal(let number): cursor = number.description
            default:
                throw DecodingError.typeMismatch(
                    String.self, .init(codingPath: [AnyCodingKey(nextCursor)], debugDescription: "Expected a cursor string."))
            }
        }
        return Page(
            items: elements, total: try integer(total), pageCount: try integer(pageCount), nextCursor: cursor, droppedCount: dropped)
    }
}

extension HTTPResponse {
    /// The values under `keys` of the body's top-level object (`.null` for a null one), decoded
    /// without the rest of the body: a page's items, an envelope's value are not read twice.
    func topLevelFields(_ keys: [String]) throws -> [String: JSONValue] {
        let decoder = JSONDecoder()
        decoder.userInfo[TopLevelFields.keysKey] = keys
        return try decoder.decode(TopLevelFields.self, from: body).values
    }
}

/// The values under some keys of an object; the keys travel in the decoder's user info.
private struct TopLevelFields: Decodable {
    static let keysKey = CodingUserInfoKey(rawValue: "endpointgen.topLevelKeys")!
    var values: [String: JSONValue] = [:]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        for key in decoder.userInfo[Self.keysKey] as? [String] ?? [] where container.contains(AnyCodingKey(key)) {
            values[key] = try container.decode(JSONValue.self, forKey: AnyCodingKey(key))
        }
    }
}

extension HTTPResponse {
    /// The target of the first link of `relation` (`"next"`) in the `Link` header (RFC 8288),
    /// as written, which may be relative to the request's URL; nil when there is none. Relation
    /// names ignore case, and a link may have several (`rel="next last"`). A header that does
    /// not parse as links gives nil from where it stops parsing.
    public func link(relation: String) -> URL? {
        guard let field = value(forHeader: "Link") else { return nil }
        let wanted = relation.lowercased()
        let bytes = Array(field.utf8)
        var index = 0
        func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        let isToken = EndpointRequest.tokenCharacters.contains
        while index < bytes.count {
            skipSpaces()
            // Empty list elements do not count (RFC 9110, 5.6.1).
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            guard index < bytes.count else { return nil }
            let target = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            var relations: [String]?
            var anchored = false
            while true {
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { break }
                index += 1
                skipSpaces()
                let nameStart = index
                while index < bytes.count, isToken(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
                skipSpaces()
                var value: String?
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipSpaces()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        index += 1
                        var text: [UInt8] = []
                        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                            text.append(bytes[index])
                            index += 1
                        }
                        guard index < bytes.count else { return nil }
                        index += 1
                        value = String(decoding: text, as: UTF8.self)
                    } else {
                        // A token, read liberally up to the next `;` or `,` (`type=application/json`).
                        let valueStart = index
                        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ",") { index += 1 }
                        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                            .trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                    }
                }
                // A link with another context is not this response's (RFC 8288, 3.2).
                if name == "anchor" { anchored = true }
                // Only a link's first `rel` counts (RFC 8288, 3.3).
                if name == "rel", relations == nil, let value {
                    relations = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
                }
            }
            skipSpaces()
            guard index == bytes.count || bytes[index] == UInt8(ascii: ",") else { return nil }
            if !anchored, relations?.contains(wanted) == true { return URL(string: target) }
        }
        return nil
    }
}
