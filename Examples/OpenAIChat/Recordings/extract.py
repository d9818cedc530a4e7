#!/usr/bin/env python3
"""Writes the recordings of this folder from the examples in OpenAI's OpenAPI document.

Run from the repository root, beside ../shared/openapi/openai.json:
    python3 Examples/OpenAIChat/Recordings/extract.py [path/to/openai.json]
See README.md for what each file is and what was filled in.
"""
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../../../shared/openapi/openai.json")
document = json.load(open(source))
schemas = document["components"]["schemas"]


def operation_example(path, method, title=None):
    examples = document["paths"][path][method]["x-oaiMeta"]["examples"]
    if isinstance(examples, dict):
        examples = [examples]
    for example in examples:
        if title is None or example.get("title") == title:
            return example["response"]
    raise KeyError(f"{method} {path} {title}")


def write(name, text):
    with open(os.path.join(here, name), "w") as file:
        file.write(text)


def write_json(name, text):
    write(name, json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n")


# Whole responses, as the examples give them.
write_json("chat-completion.json", operation_example("/chat/completions", "post", "Default"))
write_json("chat-completion-image-input.json", operation_example("/chat/completions", "post", "Image input"))
write_json("chat-completion-tool-call.json", operation_example("/chat/completions", "post", "Functions"))
write_json("chat-completion-logprobs.json", operation_example("/chat/completions", "post", "Logprobs"))
write_json("response-text.json", operation_example("/responses", "post", "Text input"))
write_json("response-function-call.json", operation_example("/responses", "post", "Functions"))
write_json("response-web-search.json", operation_example("/responses", "post", "Web search"))
write_json("response-reasoning.json", operation_example("/responses", "post", "Reasoning"))
write_json("response-get.json", operation_example("/responses/{response_id}", "get"))
write_json("response-delete.json", operation_example("/responses/{response_id}", "delete"))

# The streamed chat completion: the example's first two chunks and its last, with the "...."
# between them filled with chunks of the same shape whose deltas spell out the rest of the
# Default example's reply ("Hello! How can I assist you today?").
chunks = [line for line in operation_example("/chat/completions", "post", "Streaming").splitlines()
          if line.startswith("{")]
first, hello, last = chunks
filled = []
for piece in ["!", " How", " can", " I", " assist", " you", " today", "?"]:
    chunk = json.loads(hello)
    chunk["choices"][0]["delta"]["content"] = piece
    filled.append(json.dumps(chunk, separators=(",", ":")))
events = [first, hello] + filled + [last]
write("chat-completion-stream.sse", "".join(f"data: {event}\n\n" for event in events) + "data: [DONE]\n\n")

# The streamed response: the example's events, with the "..." after the first delta ("Hi")
# filled with deltas that spell out the rest of the text its output_text.done event holds.
text = operation_example("/responses", "post", "Streaming")
blocks = [block for block in text.strip().split("\n\n") if block.startswith("event:")]
out = []
for block in blocks:
    out.append(block)
    if "response.output_text.delta" in block.splitlines()[0]:
        data = json.loads(block.splitlines()[1][len("data: "):])
        for piece in [" there", "!", " How", " can", " I", " assist", " you", " today", "?"]:
            data["delta"] = piece
            out.append("event: response.output_text.delta\ndata: " + json.dumps(data, separators=(",", ":")))
write("response-stream.sse", "\n\n".join(out) + "\n\n")

# Each listed event schema's own example (and one the spec does not list), one after another:
# not one coherent stream, but every member of the union. OpenAI's example of
# response.function_call_arguments.delta is not valid JSON (a comma is missing); it is repaired.
names = ["ResponseCreatedEvent", "ResponseOutputItemAddedEvent", "ResponseContentPartAddedEvent",
         "ResponseTextDeltaEvent", "ResponseFunctionCallArgumentsDeltaEvent",
         "ResponseFunctionCallArgumentsDoneEvent", "ResponseTextDoneEvent", "ResponseOutputItemDoneEvent",
         "ResponseErrorEvent", "ResponseFailedEvent", "ResponseCompletedEvent"]
out = []
for name in names:
    example = schemas[name]["x-oaiMeta"]["example"]
    if name == "ResponseFunctionCallArgumentsDeltaEvent":
        example = example.replace('"delta": "{ \\"arg\\":"\n', '"delta": "{ \\"arg\\":",\n')
    data = json.loads(example)
    out.append(f"event: {data['type']}\ndata: " + json.dumps(data, separators=(",", ":"), ensure_ascii=False))
write("response-event-examples.sse", "\n\n".join(out) + "\n\n")

# The error envelope: OpenAI's document has no example of an HTTP error body, so this is its
# ErrorResponse schema holding the `error` object of the Responses error event example
# (`ResponsesServerEventError` / group responses), served with status 400.
for name, schema in schemas.items():
    meta = schema.get("x-oaiMeta", {})
    if meta.get("group") == "responses" and meta.get("name") == "error" and "websocket" in meta.get("example", ""):
        error = json.loads(meta["example"])["error"]
        write("error-invalid-request.json", json.dumps({"error": error}, indent=2) + "\n")
        break
else:
    raise KeyError("error example")
