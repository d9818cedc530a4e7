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


STATUSES = [["draft", "active", "archived"], ["new", "open", "closed", "merged"], ["low", "medium", "high", "urgent", "none"]]


def large_shape(operations, models, resources):
    """The large API: `models` models of ten to twelve properties (dates, an enum of ten, optional
    ones, a nested model and, every fifth, an array of models), spread over `resources` resources;
    each resource's operations cycle over its models with a paginated list (offset/limit plus two
    filters), get, create, update (PATCH) and delete, and the first of them takes a form body."""
    per_resource = operations // resources
    layout = []  # (resource index, [(operation kind, model index, operation index)])
    k = 0
    for r in range(1, resources + 1):
        owned = [1 + (r - 1) * models // resources + i for i in range(max(1, models // resources))]
        ops = []
        for i in range(per_resource):
            k += 1
            kind = "form" if i == 0 else ["list", "get", "create", "update", "delete"][i % 5]
            ops.append((kind, owned[(i // 5) % len(owned)], k))
        layout.append((r, ops))
    return layout


def large_properties(k):
    """(name, OpenAPI schema, endpointgen type, required) of model k's properties."""
    ref = lambda name: {"$ref": f"#/components/schemas/{name}"}
    props = [
        ("id", {"type": "integer", "format": "int64"}, "Int64", True),
        ("name", {"type": "string"}, "String", True),
        ("summary", {"type": "string"}, "String?", False),
        ("createdAt", {"type": "string", "format": "date-time"}, "Date", True),
        ("updatedAt", {"type": "string", "format": "date-time"}, "Date?", False),
        ("status", ref(f"Status{k % 10}"), f"Status{k % 10}", True),
        ("count", {"type": "integer"}, "Int", True),
        ("ratio", {"type": "number", "format": "double"}, "Double?", False),
        ("tags", {"type": "array", "items": {"type": "string"}}, "[String]", True),
        ("enabled", {"type": "boolean"}, "Bool", True),
    ]
    if k > 1 and k % 3 != 1:
        props.append(("owner", ref(f"Model{k - 1}"), f"Model{k - 1}?", False))
    if k > 2 and k % 5 == 0:
        props.append(("related", {"type": "array", "items": ref(f"Model{k - 2}")}, f"[Model{k - 2}]?", False))
    return props


def large_openapi(operations, models, resources):
    schemas = {}
    for e in range(10):
        schemas[f"Status{e}"] = {"type": "string", "enum": STATUSES[e % 3] + [f"state{e}"]}
    for k in range(1, models + 1):
        props = large_properties(k)
        schemas[f"Model{k}"] = {"type": "object", "required": [p[0] for p in props if p[3]],
                                "properties": {p[0]: p[1] for p in props}}
        schemas[f"Model{k}Page"] = {"type": "object", "required": ["records", "total"], "properties": {
            "records": {"type": "array", "items": {"$ref": f"#/components/schemas/Model{k}"}}, "total": {"type": "integer"}}}
    paths = {}
    for r, ops in large_shape(operations, models, resources):
        schemas[f"Form{r}"] = {"type": "object", "required": ["name", "count"], "properties": {
            "name": {"type": "string"}, "note": {"type": "string"}, "count": {"type": "integer"}, "urgent": {"type": "boolean"}}}
        for kind, m, k in ops:
            ref = {"$ref": f"#/components/schemas/Model{m}"}
            collection, item = f"/r{r}/items{k}", f"/r{r}/items{k}/{{id}}"
            id_param = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}
            body = lambda schema, media="application/json": {"required": True, "content": {media: {"schema": schema}}}
            ok = lambda schema: {"200": {"description": "OK", "content": {"application/json": {"schema": schema}}}}
            tag = [f"Resource{r}"]
            if kind == "form":
                paths.setdefault(collection, {})["post"] = {"operationId": f"submit{k}", "tags": tag,
                    "requestBody": body({"$ref": f"#/components/schemas/Form{r}"}, "application/x-www-form-urlencoded"), "responses": ok(ref)}
            elif kind == "list":
                paths.setdefault(collection, {})["get"] = {"operationId": f"list{k}", "tags": tag, "parameters": [
                    {"name": "offset", "in": "query", "schema": {"type": "integer"}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "q", "in": "query", "schema": {"type": "string"}},
                    {"name": "status", "in": "query", "schema": {"$ref": f"#/components/schemas/Status{m % 10}"}},
                ], "responses": ok({"$ref": f"#/components/schemas/Model{m}Page"})}
            elif kind == "get":
                paths.setdefault(item, {})["get"] = {"operationId": f"get{k}", "tags": tag, "parameters": [id_param], "responses": ok(ref)}
            elif kind == "create":
                paths.setdefault(collection, {})["post"] = {"operationId": f"create{k}", "tags": tag, "requestBody": body(ref), "responses": ok(ref)}
            elif kind == "update":
                paths.setdefault(item, {})["patch"] = {"operationId": f"update{k}", "tags": tag, "parameters": [id_param],
                                                       "requestBody": body(ref), "responses": ok(ref)}
            else:
                paths.setdefault(item, {})["delete"] = {"operationId": f"delete{k}", "tags": tag, "parameters": [id_param],
                                                        "responses": {"204": {"description": "Deleted"}}}
    return {"openapi": "3.1.0", "info": {"title": "Large", "version": "1.0.0"},
            "servers": [{"url": "https://example.com/api"}], "paths": paths, "components": {"schemas": schemas}}


def large_endpointgen(operations, models, resources):
    spec_models = {f"Status{e}": {"enum": STATUSES[e % 3] + [f"state{e}"]} for e in range(10)}
    for k in range(1, models + 1):
        spec_models[f"Model{k}"] = {"properties": {p[0]: p[2] for p in large_properties(k)}}
    spec_resources = {}
    for r, ops in large_shape(operations, models, resources):
        spec_models[f"Form{r}"] = {"properties": {"name": "String", "note": "String?", "count": "Int", "urgent": "Bool?"}}
        endpoints = []
        for kind, m, k in ops:
            name = f"Model{m}"
            collection, item = f"/r{r}/items{k}", f"/r{r}/items{k}/{{id}}"
            if kind == "form":
                endpoints.append({"name": f"submit{k}", "method": "POST", "path": collection,
                                  "body": {"type": f"Form{r}", "encoding": "form"}, "response": name})
            elif kind == "list":
                endpoints.append({"name": f"list{k}", "method": "GET", "path": collection,
                                  "query": {"q": "String?", "status": f"Status{m % 10}?"}, "response": f"[{name}]",
                                  "pagination": {"style": "offset", "items": "records", "total": "total"}})
            elif kind == "get":
                endpoints.append({"name": f"get{k}", "method": "GET", "path": item, "pathParams": {"id": "Int64"}, "response": name})
            elif kind == "create":
                endpoints.append({"name": f"create{k}", "method": "POST", "path": collection, "body": name, "response": name})
            elif kind == "update":
                endpoints.append({"name": f"update{k}", "method": "PATCH", "path": item, "pathParams": {"id": "Int64"},
                                  "body": name, "response": name})
            else:
                endpoints.append({"name": f"delete{k}", "method": "DELETE", "path": item, "pathParams": {"id": "Int64"}})
        spec_resources[f"Resource{r}"] = {"endpoints": endpoints}
    return {"endpointgen": 1, "name": "Large", "servers": {"production": "https://example.com/api"},
            "models": spec_models, "resources": spec_resources}


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "--large":
        operations, models, resources = (int(x) for x in sys.argv[2:5])
        with open(sys.argv[5], "w") as f:
            json.dump(large_openapi(operations, models, resources), f, indent=1)
        with open(sys.argv[6], "w") as f:
            json.dump(large_endpointgen(operations, models, resources), f, indent=1)
        sys.exit(0)
    if len(sys.argv) != 4:
        sys.exit("usage: synthesize.py N OPENAPI_OUT.json ENDPOINTGEN_OUT.json\n"
                 "       synthesize.py --large OPERATIONS MODELS RESOURCES OPENAPI_OUT.json ENDPOINTGEN_OUT.json")
    n = int(sys.argv[1])
    with open(sys.argv[2], "w") as f:
        json.dump(openapi(n), f, indent=1)
    with open(sys.argv[3], "w") as f:
        json.dump(endpointgen(n), f, indent=1)
