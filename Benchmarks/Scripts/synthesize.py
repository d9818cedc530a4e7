#!/usr/bin/env python3
"""Writes the same API of N operations and N models as an OpenAPI 3.1 document and as an
endpointgen spec, for the benchmarks' scaling curve.

Every model has the same shape: an id, a name, optional note/score, an array, a flag, an
optional date-time, an enum and, in chains of four, a reference to the previous model. (Longer
chains nest value types inline a hundred deep, which neither tool's output survives: compiling
either with -c needed over 12 GB at 100 operations.) The
operations cycle through list (with query parameters), get, create, replace and delete, so both
tools generate path, query and body handling, JSON responses and empty ones."""
import json
import sys

KINDS = ["small", "medium", "large", "huge"]


def operations(n):
    """(index, kind, model index) of each operation; operation k works on model k."""
    for k in range(1, n + 1):
        yield k, ["list", "get", "create", "replace", "delete"][(k - 1) % 5], k


def openapi(n):
    schemas = {"Kind": {"type": "string", "enum": KINDS}}
    for k in range(1, n + 1):
        required = ["id", "name", "active", "tags", "kind"]
        props = {
            "id": {"type": "integer", "format": "int64"},
            "name": {"type": "string"},
            "note": {"type": "string"},
            "score": {"type": "number", "format": "double"},
            "active": {"type": "boolean"},
            "created": {"type": "string", "format": "date-time"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "kind": {"$ref": "#/components/schemas/Kind"},
        }
        if k % 4 != 1:
            props["previous"] = {"$ref": f"#/components/schemas/Model{k - 1}"}
        schemas[f"Model{k}"] = {"type": "object", "required": required, "properties": props}
    paths = {}
    for k, kind, model in operations(n):
        ref = {"$ref": f"#/components/schemas/Model{model}"}
        collection, item = f"/models{k}", f"/models{k}/{{id}}"
        id_param = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}
        json_body = lambda schema: {"required": True, "content": {"application/json": {"schema": schema}}}
        ok = lambda schema: {"200": {"description": "OK", "content": {"application/json": {"schema": schema}}}}
        if kind == "list":
            paths.setdefault(collection, {})["get"] = {
                "operationId": f"listModels{k}",
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "offset", "in": "query", "schema": {"type": "integer"}},
                    {"name": "tag", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                ],
                "responses": ok({"type": "array", "items": ref}),
            }
        elif kind == "get":
            paths.setdefault(item, {})["get"] = {"operationId": f"getModel{k}", "parameters": [id_param], "responses": ok(ref)}
        elif kind == "create":
            paths.setdefault(collection, {})["post"] = {
                "operationId": f"createModel{k}", "requestBody": json_body(ref), "responses": ok(ref)}
        elif kind == "replace":
            paths.setdefault(item, {})["put"] = {
                "operationId": f"replaceModel{k}", "parameters": [id_param], "requestBody": json_body(ref), "responses": ok(ref)}
        else:
            paths.setdefault(item, {})["delete"] = {
                "operationId": f"deleteModel{k}", "parameters": [id_param], "responses": {"204": {"description": "Deleted"}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Synthetic", "version": "1.0.0"},
        "servers": [{"url": "https://example.com/api"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }


def endpointgen(n):
    models = {"Kind": {"enum": KINDS}}
    for k in range(1, n + 1):
        props = {
            "id": "Int64", "name": "String", "note": "String?", "score": "Double?", "active": "Bool",
            "created": "Date?", "tags": "[String]", "kind": "Kind",
        }
        if k % 4 != 1:
            props["previous"] = f"Model{k - 1}?"
        models[f"Model{k}"] = {"properties": props}
    endpoints = []
    for k, kind, model in operations(n):
        name = f"Model{model}"
        collection, item = f"/models{k}", f"/models{k}/{{id}}"
        if kind == "list":
            endpoints.append({"name": f"listModels{k}", "method": "GET", "path": collection,
                              "query": {"limit": "Int?", "offset": "Int?", "tag": "[String]?"}, "response": f"[{name}]"})
        elif kind == "get":
            endpoints.append({"name": f"getModel{k}", "method": "GET", "path": item, "pathParams": {"id": "Int64"}, "response": name})
        elif kind == "create":
            endpoints.append({"name": f"createModel{k}", "method": "POST", "path": collection, "body": name, "response": name})
        elif kind == "replace":
            endpoints.append({"name": f"replaceModel{k}", "method": "PUT", "path": item, "pathParams": {"id": "Int64"},
                              "body": name, "response": name})
        else:
            endpoints.append({"name": f"deleteModel{k}", "method": "DELETE", "path": item, "pathParams": {"id": "Int64"}})
    return {
        "endpointgen": 1,
        "name": "Synthetic",
        "servers": {"production": "https://example.com/api"},
        "models": models,
        "resources": {"Models": {"endpoints": endpoints}},
    }


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: synthesize.py N OPENAPI_OUT.json ENDPOINTGEN_OUT.json")
    n = int(sys.argv[1])
    with open(sys.argv[2], "w") as f:
        json.dump(openapi(n), f, indent=1)
    with open(sys.argv[3], "w") as f:
        json.dump(endpointgen(n), f, indent=1)
