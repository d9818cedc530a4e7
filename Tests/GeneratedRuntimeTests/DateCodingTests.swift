import Foundation
import GeneratedRuntime
import Testing

@Suite struct DateCodingTests {
    static let instant = Date(timeIntervalSince1970: 1_709_202_030.125)

    @Test(arguments: [
        (DateCodingStrategy.iso8601, "2024-02-29T10:20:30Z"),
        (.iso8601WithFractionalSeconds, "2024-02-29T10:20:30.125Z"),
        (.dateOnly, "2024-02-29"),
        (.formatted("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"), "2024-02-29T10:20:30.125Z"),
        (.formatted("EEE, dd MMM yyyy HH:mm:ss zzz"), "Thu, 29 Feb 2024 10:20:30 GMT"),
    ])
    func textStrategiesWriteTheirForm(strategy: DateCodingStrategy, text: String) {
        #expect(strategy.string(from: Self.instant) == text)
        #expect(strategy.date(from: text) != nil)
    }

    @Test func parsingAcceptsTheOtherISOFormAndRejectsGarbage() {
        #expect(DateCodingStrategy.iso8601.date(from: "2024-02-29T10:20:30.125Z") == Self.instant)
        #expect(DateCodingStrategy.iso8601WithFractionalSeconds.date(from: "2024-02-29T10:20:30Z") == Date(timeIntervalSince1970: 1_709_202_030))
        #expect(DateCodingStrategy.formatted("yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ").date(from: "2024-02-29T12:20:30.125+02:00") == Self.instant)
        for strategy in [DateCodingStrategy.iso8601, .dateOnly, .formatted("dd/MM/yyyy"), .secondsSince1970] {
            #expect(strategy.date(from: "not a date") == nil)
        }
    }

    struct Stamped: Codable, Equatable {
        var at: Date
        var all: [String: [Date?]]?

        enum CodingKeys: String, CodingKey { case at, all }

        init(at: Date, all: [String: [Date?]]?) {
            self.at = at
            self.all = all
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decode(Date.self, forKey: .at, dateStrategy: .millisecondsSince1970)
            all = try container.decodeIfPresent([String: [Date?]].self, forKey: .all, dateStrategy: .secondsSince1970)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at, dateStrategy: .millisecondsSince1970)
            try container.encodeIfPresent(all, forKey: .all, dateStrategy: .secondsSince1970)
        }
    }

    @Test func numericStrategiesAndNestedContainers() throws {
        let value = try JSONDecoder().decode(Stamped.self, from: Data(#"{"at": 1500, "all": {"a": [0, null, 60]}}"#.utf8))
        #expect(value == Stamped(at: Date(timeIntervalSince1970: 1.5), all: ["a": [Date(timeIntervalSince1970: 0), nil, Date(timeIntervalSince1970: 60)]]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"all":{"a":[0,null,60]},"at":1500}"#)
        let missing = try JSONDecoder().decode(Stamped.self, from: Data(#"{"at": 0, "all": null}"#.utf8))
        #expect(missing.all == nil)
        let error = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Stamped.self, from: Data(#"{"all": {}}"#.utf8)) }
        guard case .keyNotFound(let key, _) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "at")
    }
}
