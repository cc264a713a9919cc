"""public-api-compare.py [--names] WHAT A.json B.json: the public items of two rustdoc JSON
outputs of one crate are the same: the same paths and kinds, and the same definitions (fields,
their types, constants' types and values, function signatures, impls); with --names, the same
paths and kinds only (a linked function is a declaration, a loaded one a wrapper). Documentation, source
locations and rustdoc's item ids are left out: they differ by build, not by API.
Prints counts and the first differences; exits 1 if there are any."""
import json
import sys

IGNORED = {"id", "span", "docs", "links", "crate_id"}
LISTS = {"fields", "variants", "items", "impls"}


def items(path):
    doc = json.load(open(path))
    index = doc["index"]

    def canon(value, seen=()):
        if isinstance(value, dict):
            # Lists of ids (fields, variants, impls, members) are inlined by `item` instead.
            return {k: canon(v, seen) for k, v in value.items()
                    if k not in IGNORED and not (k in LISTS and isinstance(v, list))}
        if isinstance(value, list):
            return [canon(v, seen) for v in value]
        return value

    def item(id_, seen=()):
        """An item with the items it lists (fields, variants, impls, their members) inlined."""
        entry = index.get(str(id_))
        if entry is None or id_ in seen:
            return None
        seen = seen + (id_,)
        inner = entry["inner"]
        result = {"name": entry.get("name"), "attrs": entry.get("attrs"), "visibility": entry.get("visibility"),
                  "deprecation": entry.get("deprecation"), "inner": canon(inner)}
        for kind, body in inner.items():
            if not isinstance(body, dict):
                continue
            for key in ("fields", "variants", "items", "impls"):
                listed = body.get(key)
                if isinstance(listed, list):
                    members = [item(i, seen) for i in listed]
                    members = [m for m in members if m is not None]
                    result[key] = sorted(members, key=lambda m: json.dumps(m, sort_keys=True))
            kind_fields = body.get("kind")
            if isinstance(kind_fields, dict):
                for shape in kind_fields.values():
                    if isinstance(shape, dict) and isinstance(shape.get("fields"), list):
                        result["fields"] = [item(i, seen) if i is not None else None for i in shape["fields"]]
        return result

    out = {}
    for id_, summary in doc["paths"].items():
        if summary["crate_id"] != 0:
            continue
        key = ("::".join(summary["path"]), summary["kind"])
        out[key] = json.dumps(item(int(id_) if id_.isdigit() else id_), sort_keys=True)
    return out


def main():
    args = sys.argv[1:]
    names = args[0] == "--names"
    what, a_path, b_path = args[names:names + 3]
    a, b = items(a_path), items(b_path)
    if names:
        a, b = dict.fromkeys(a, ""), dict.fromkeys(b, "")
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    differ = sorted(k for k in set(a) & set(b) if a[k] != b[k])
    first, second = what.split(": ", 1)[1].split(", ") if ": " in what else ("first", "second")
    print(f"{what}: {len(a)} and {len(b)} public items, {len(only_a)} only {first}, "
          f"{len(only_b)} only {second}, {len(differ)} defined differently")
    for path, kind in only_a[:10]:
        print(f"  only {first}: {kind} {path}")
    for path, kind in only_b[:10]:
        print(f"  only {second}: {kind} {path}")
    for key in differ[:5]:
        print(f"  defined differently: {key[1]} {key[0]}\n    {a[key][:400]}\n    {b[key][:400]}")
    sys.exit(1 if only_a or only_b or differ else 0)


main()
