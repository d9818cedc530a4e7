#!/usr/bin/env bash
# The example packages, as an app team uses endpointgen (run by scripts/test.sh, which starts
# httpbin and exports HTTPBIN_URL first):
# - Examples/BuildPluginConsumer generates its API layer at build time with the build-tool
#   plugin; built and tested from a clean state, its test calls httpbin through the client.
# - Examples/CommittedConsumer commits its generated code; its tests run, the command plugin's
#   check passes, and a deliberately stale file makes the check fail.
# - Examples/OpenAIChat generates OpenAI's chat completions and responses from Specs/openai.json
#   with the build-tool plugin; built and tested from a clean state against recorded responses
#   (no network), and its replay program runs over the recordings.
# - Examples/OpenAPIConsumer starts from OpenAPI documents: the build-tool plugin imports one on
#   every build, the command plugin's check passes for the code committed from the other, and
#   both read the targets' endpointgen-config.json.
set -euo pipefail
cd "$(dirname "$0")/.."

for example in Examples/BuildPluginConsumer Examples/CommittedConsumer Examples/OpenAIChat Examples/OpenAPIConsumer; do
    echo "test-examples.sh: $example, from a clean state"
    rm -rf "$example/.build"
    swift test --package-path "$example"
done

echo "test-examples.sh: Examples/OpenAIChat's replay program"
replay_output=$(swift run --package-path Examples/OpenAIChat openai-replay Examples/OpenAIChat/Recordings)
grep -q "^14 requests replayed$" <<< "$replay_output" || {
    echo "test-examples.sh: error: openai-replay did not replay every recording" >&2
    echo "$replay_output" >&2
    exit 1
}

echo "test-examples.sh: the code committed from an OpenAPI document is current"
swift package --package-path Examples/OpenAPIConsumer --allow-writing-to-package-directory generate-endpoints --target InventoryAPI --check

committed=Examples/CommittedConsumer
generate=(swift package --package-path "$committed" --allow-writing-to-package-directory generate-endpoints)
echo "test-examples.sh: the committed code is current"
"${generate[@]}" --check

stale="$committed/Sources/BooksAPI/Generated/Models/Book.swift"
backup=$(mktemp)
cp "$stale" "$backup"
trap 'cp "$backup" "$stale"; rm -f "$backup"' EXIT
echo "    public var staleEdit: Int = 0" >> "$stale"
echo "test-examples.sh: a stale generated file must fail the check"
if "${generate[@]}" --check > "$backup.out" 2>&1; then
    echo "test-examples.sh: error: the check passed with a stale file" >&2
    cat "$backup.out" >&2
    exit 1
fi
grep -q "^+    public var staleEdit\|^-    public var staleEdit" "$backup.out" || {
    echo "test-examples.sh: error: the failing check did not show the stale line in its diff" >&2
    cat "$backup.out" >&2
    exit 1
}
rm -f "$backup.out"
echo "test-examples.sh: the stale file failed the check, with its diff"
echo "test-examples.sh: 7 passed, 0 failed"
