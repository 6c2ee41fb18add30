#!/usr/bin/env bash
# Render twice through the Pictor HTTP API with curl: operation A (a stored template with variables)
# and operation B (an HTML string), then download both images through their signed 5-minute links.
#
#   PICTOR_URL=http://127.0.0.1:3000 PICTOR_API_KEY=pk_... ./examples/client/render.sh
#
# Env: PICTOR_URL (default http://127.0.0.1:3000), PICTOR_API_KEY (required),
#      PICTOR_TEMPLATE_ID (default social-card; push it first, see examples/README.md).
set -euo pipefail

PICTOR_URL="${PICTOR_URL:-http://127.0.0.1:3000}"
PICTOR_URL="${PICTOR_URL%/}"
: "${PICTOR_API_KEY:?set PICTOR_API_KEY to an API key (pictor keys create <accountId>)}"
TEMPLATE_ID="${PICTOR_TEMPLATE_ID:-social-card}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/../out"
mkdir -p "$out"

# POST a JSON body to a path; print the envelope; download data.url to the given file on success.
render() {
  local path="$1" body="$2" file="$3" response status envelope url
  response="$(curl -sS -X POST "$PICTOR_URL$path" \
    -H "X-API-Key: $PICTOR_API_KEY" \
    -H 'Content-Type: application/json; charset=utf-8' \
    --data-binary "$body" \
    -w $'\n%{http_code}')"
  status="${response##*$'\n'}"
  envelope="${response%$'\n'*}"
  echo "POST $path -> HTTP $status"
  echo "  $envelope"
  if [[ "$status" != 200 ]]; then return 1; fi
  url="$(printf '%s' "$envelope" | sed -n 's/.*"url":"\([^"]*\)".*/\1/p')"
  curl -sS --fail -o "$file" "$url"
  echo "  saved $file ($(wc -c <"$file" | tr -d ' ') bytes)"
}

# Operation A: variables from the example's sample file; format and size come from the template.
variables="$(cat "$here/../templates/$TEMPLATE_ID.variables.json" 2>/dev/null || echo '{}')"
render "/open/v1/images/templates/$TEMPLATE_ID/render" \
  "{\"variables\": $variables, \"format\": \"webp\", \"quality\": 85}" \
  "$out/client-template.webp"

# Operation B: a complete HTML string; the height follows the content because it is omitted.
html='<div style="display:flex;flex-direction:column;width:800px;padding:48px;background-image:linear-gradient(120deg,#0ea5e9,#6366f1);color:white;font-family:Inter"><div style="font-size:48px;font-weight:800">Hello from curl 👋</div><div style="margin-top:12px;font-size:26px;opacity:0.85">Operation B: HTML in, a signed link out.</div></div>'
render "/open/v1/images/render" \
  "{\"content\": \"${html//\"/\\\"}\", \"width\": 800, \"format\": \"png\"}" \
  "$out/client-html.png"
