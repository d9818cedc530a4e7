import Foundation
import GeneratedRuntime
import Testing

@testable import GoldenCompact

/// The compact layout with `--access internal`: the same users API in eight files, reachable
/// only through `@testable import`.
@Suite struct CompactTests {
    @Test func internalTypesWorkLikeTheSplitLayouts() async throws {
        let transport = StubTransport(json: #"{"user_name": "A", "age": 3, "children": [{"user_name": "B", "age": 1}]}"#)
        let user = try await LiveUsersService(client: UsersAPI.client(transport: transport)).fetchUser(id: "1")
        #expect(user == User(name: "A", age: 3, children: [User(name: "B", age: 1)]))
    }
}
