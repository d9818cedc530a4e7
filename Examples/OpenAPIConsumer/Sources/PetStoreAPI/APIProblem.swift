import Foundation

/// The app's one type for a problem any of its backends reports (RFC 9457's problem details).
/// The Pet Store's document describes it as its schema `Problem`; endpointgen-config.json's
/// `replace` has the generated code use this type instead of generating one, so that the app
/// handles a problem the same way whichever API it came from.
struct APIProblem: Codable, Hashable, Sendable, Error {
    var title: String?
    var status: Int?
    var detail: String?
}
