"""Rebuild every signed image URL of vectors.json with Python's standard library alone; exit 1 on a mismatch."""
import base64, hashlib, hmac, json, sys, urllib.parse
b64 = lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")
enc = lambda s: urllib.parse.quote(s, safe="-_.!~*'()")  # = JavaScript's encodeURIComponent
def text(v): return v if isinstance(v, str) else ("true" if v is True else "false") if isinstance(v, bool) else json.dumps(v, separators=(",", ":"), ensure_ascii=False) if isinstance(v, list) else repr(v) if isinstance(v, float) and not v.is_integer() else str(int(v)) if isinstance(v, float) else str(v)
def url(i):
    q = [f"{enc(k)}={enc(text(v))}" for k, v in sorted(i.get("variables", {}).items()) if v is not None]
    q += [f"{p}={text(i[o])}" for o, p in (("width", "_w"), ("height", "_h"), ("quality", "_q"), ("scale", "_scale"), ("revision", "_v")) if o in i]
    query, ext, base = "&".join(q), {"jpeg": "jpg"}.get(i.get("format", "png"), i.get("format", "png")), i["baseUrl"].rstrip("/")
    target = f"/img/{enc(i['keyId'])}/{enc(i['template'])}.{ext}" + (f"?{query}" if query else "")
    sig = b64(hmac.new(i["secret"].encode(), target.encode(), hashlib.sha256).digest())
    if i.get("form") == "query": return f"{base}{target}{'&' if query else '?'}sign={sig}"
    return f"{base}/img/{enc(i['keyId'])}/{enc(i['template'])}/{b64(query.encode()) if query else '-'}/{sig}.{ext}"
bad = [v["name"] for v in json.load(open(sys.argv[1], encoding="utf-8")) if url(v["input"]) != v["url"]]
print("mismatch: " + ", ".join(bad) if bad else "all vectors match"); sys.exit(1 if bad else 0)
