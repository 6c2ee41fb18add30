/**
 * The changes Pictor makes to satori's dist/index.js, applied when @pictor/core is built (tsup bundles the patched
 * satori into dist/) and when its tests run (vitest transforms satori the same way). Each change names the exact
 * text it replaces and fails loudly when that text is not found exactly once, so a satori upgrade cannot silently
 * drop one. Why not `pnpm patch`: satori ships one minified line per file, so a patch would carry megabytes of
 * diff, and it would not reach anyone who installs @pictor/core from npm. See docs/satori-patches.md.
 */
import { readFileSync } from 'node:fs';

/**
 * One change: `find` → `replace`, or several (`edits`) that only make sense together.
 * @typedef {{ find: string, replace: string }} SatoriEdit
 * @typedef {{ name: string, why: string } & (SatoriEdit | { edits: SatoriEdit[] })} SatoriPatch
 */

/**
 * The glyph-path-cache code inserted into satori (see its `why`). `glyphPath(G, K, z, C, B)` gives what
 * `fd(G.path.commands, K, z, C, B)` gives (G: an opentype glyph, K: its x, z: its baseline y, C: px per font unit,
 * B: the synthetic-italic slant): the outline in tenths of a pixel. Tenths are counted from the whole pixels of K
 * and z (`Math.round`, which is the same from any whole pixel), so one entry per glyph, C, B and the fractions of K
 * and z serves every position. Entries are found by glyph, then size, then a short list of slant and fractions (numbers
 * compared as numbers: no number-to-string per glyph); `mx`/`my` are an entry's lowest tenths, for the off-canvas
 * fallback. At most GLYPH_PATH_ENTRIES entries are kept: past that the cache starts again.
 */
/** Entries glyphPath keeps (a few MB of path data at most). */
const GLYPH_PATH_ENTRIES = 8192;
const GLYPH_PATH_CACHE =
  'var glyphTails=new Map,glyphTailCount=0;' +
  'function glyphTail(G,kf,zf,C,B){let X=(x,y)=>Math.round((kf+(x+B*y)*C)*10),Y=y=>Math.round((zf-y*C)*10),t="",px=0,py=0,sx=0,sy=0,x0=0,y0=0,first=!0,mx=0,my=0,at=(x,y)=>{x<mx&&(mx=x),y<my&&(my=y)};' +
  'for(let o of G.path.commands)switch(o.type){' +
  'case"M":{let x=X(o.x,o.y),y=Y(o.y);at(x,y),first?(x0=x,y0=y,first=!1):t+="m"+tenthsText(x-sx)+" "+tenthsText(y-sy),px=sx=x,py=sy=y;break}' +
  'case"L":{let x=X(o.x,o.y),y=Y(o.y);if(x===px&&y===py)break;at(x,y),t+="l"+tenthsText(x-px)+" "+tenthsText(y-py),px=x,py=y;break}' +
  'case"Q":{let x1=X(o.x1,o.y1),y1=Y(o.y1),x=X(o.x,o.y),y=Y(o.y);at(x1,y1),at(x,y),t+="q"+tenthsText(x1-px)+" "+tenthsText(y1-py)+" "+tenthsText(x-px)+" "+tenthsText(y-py),px=x,py=y;break}' +
  'case"C":{let x1=X(o.x1,o.y1),y1=Y(o.y1),x2=X(o.x2,o.y2),y2=Y(o.y2),x=X(o.x,o.y),y=Y(o.y);at(x1,y1),at(x2,y2),at(x,y),t+="c"+tenthsText(x1-px)+" "+tenthsText(y1-py)+" "+tenthsText(x2-px)+" "+tenthsText(y2-py)+" "+tenthsText(x-px)+" "+tenthsText(y-py),px=x,py=y;break}' +
  'case"Z":t+="Z",px=sx,py=sy;break}' +
  'return first?null:{x0,y0,t,mx,my}}' +
  'function glyphEntry(G,kf,zf,C,B){let sizes=glyphTails.get(G);' +
  'sizes||(sizes=new Map,glyphTails.set(G,sizes));let list=sizes.get(C),e;' +
  'list||(list=[],sizes.set(C,list));for(let k=0;k<list.length;k+=4)if(list[k]===B&&list[k+1]===kf&&list[k+2]===zf){e=list[k+3];break}' +
  `if(e===void 0){++glyphTailCount>${GLYPH_PATH_ENTRIES}&&(glyphTails.clear(),glyphTailCount=1,glyphTails.set(G,sizes=new Map),sizes.set(C,list=[])),e=glyphTail(G,kf,zf,C,B),list.push(B,kf,zf,e)}` +
  'return e}' +
  'function glyphPath(G,K,z,C,B=0){let ki=Math.floor(K),zi=Math.floor(z),e=glyphEntry(G,K-ki,z-zi,C,B);' +
  'if(e===null)return"";if(ki*10+e.mx<0||zi*10+e.my<0)return fd(G.path.commands,K,z,C,B);' +
  'return"M"+tenthsText(ki*10+e.x0)+" "+tenthsText(zi*10+e.y0)+e.t}' +
  // glyph-runs: the same glyph as data, three entries of `run` — its start in tenths and its relative outline, or
  // NaN, NaN and the absolute path data glyphPath would give.
  'function glyphRecord(run,G,K,z,C,B=0){let ki=Math.floor(K),zi=Math.floor(z),e=glyphEntry(G,K-ki,z-zi,C,B);' +
  'e===null||(ki*10+e.mx<0||zi*10+e.my<0?run.push(NaN,NaN,fd(G.path.commands,K,z,C,B)):run.push(ki*10+e.x0,zi*10+e.y0,e.t));return""}';

/**
 * Text of these characters alone splits into grapheme clusters of one character each (plain-text-graphemes): no
 * two of them join (`test/satori-plain-graphemes.test.ts` checks each against Intl.Segmenter). Combining marks,
 * ZWJ, variation selectors, CR LF, tabs, Hangul jamo and anything outside the BMP are left out, so such text goes to
 * the segmenter.
 */
export const PLAIN_TEXT =
  '/^[\\x20-\\x7e\\xa0-\\u02ff\\u0370-\\u0482\\u048a-\\u052f\\u2010-\\u2027\\u2030-\\u205e\\u20a0-\\u20c0\\u3000-\\u3029\\u3041-\\u3096\\u30a0-\\u30ff\\u4e00-\\u9fff\\uac00-\\ud7a3\\uff01-\\uff9d]*$/';

/** @type {SatoriPatch[]} */
export const SATORI_PATCHES = [
  {
    name: 'line-height-normal',
    why:
      'line-height: normal is round(ascent) + round(descent) + round(line gap), as Chrome computes it ' +
      '(SimpleFontData: lroundf of each, hhea line gap included); satori added the unrounded values and left the ' +
      'hhea line gap out, so every line box came out up to ~0.6 px short and tall documents drifted upwards.',
    find: 'return G(y,Y)-d(y,Y)+z/y.unitsPerEm*g}',
    replace:
      'return Math.round(G(y,Y))+Math.round(-d(y,Y))+Math.round((Y?z:((u=y.tables)==null||u.hhea==null?0:u.hhea.lineGap)||0)/y.unitsPerEm*g)}',
  },
  {
    name: 'img-auto-size-is-natural',
    why:
      '`width: auto` / `height: auto` on an <img> mean its natural size (or the size its other dimension and ' +
      'aspect ratio give), as in browsers, and outrank the width/height attributes as any CSS does; satori ' +
      'stretched an auto-width image to its container (e-mail resets declare `img { width: auto; max-width: 100% }`).',
    find: 'OG(A,w,j,W,B.width??(B.__naturalSize?j:void 0),B.height)',
    replace:
      'OG(A,w,j,W,w.width==="auto"?(w.height===void 0||w.height==="auto"?j:void 0):B.width??(B.__naturalSize?j:void 0),w.height==="auto"?void 0:B.height)',
  },
  {
    name: 'img-width-limits',
    why:
      'an <img> with a width (its natural one, or a CSS or attribute width) and an auto height is as wide as its ' +
      'min-width and max-width allow and keeps its aspect ratio, as in browsers; satori fixed the height from the ' +
      'width before the limits applied, so a picture in a narrower box was squashed, and one under min-width ' +
      'overflowed its box. A px limit clamps the width here (exact). A percentage max-width becomes the width, ' +
      "and the picture's own size its max-width and max-height (`width: auto; max-width: 100%` → `width: 100%; " +
      'max-width: <natural>px; max-height: <natural>px`): the same used width, the smaller of the two, with the ' +
      'height following by the aspect ratio (yoga takes the height from the ratio before it applies max-width, so ' +
      'the max-height keeps an uncapped picture at its natural height), and, as in Chrome, no min-content width of ' +
      'its own in a table column (a compressible replaced element, CSS Sizing 3 §5.2.2).',
    find: 's=n(g.width,B),a=n(g.height,E);s===void 0&&a===void 0?(s="100%",A.style.aspectRatio=1/Q):a===void 0?typeof s=="number"?a=(s-o)*Q+e:A.style.aspectRatio=1/Q',
    replace:
      's=n(g.width==="auto"?void 0:g.width,B),a=n(g.height==="auto"?void 0:g.height,E),P=!1;if(typeof s=="number"&&a===void 0){let mx=g.maxWidth,mn=g.minWidth;typeof mx=="number"&&(s=Math.min(s,mx));typeof mn=="number"&&(s=Math.max(s,mn));typeof mx=="string"&&/%$/.test(mx.trim())&&(P=!0,g.maxWidth=s,g.maxHeight===void 0&&(g.maxHeight=(s-o)*Q+e),s=mx)}s===void 0&&a===void 0?(s="100%",A.style.aspectRatio=1/Q):a===void 0?typeof s=="number"&&!P?a=(s-o)*Q+e:A.style.aspectRatio=1/Q',
  },
  {
    name: 'line-height-exact',
    why:
      'line boxes are exactly as tall as their line-height, fractions kept (16px × 1.4 = 22.4px), as Chrome stacks ' +
      'them; satori rounded each line box to whole pixels, so 30 lines of 22.4px came out 12px short and 30 of ' +
      '22.5px 15px long. Text is still drawn on whole pixels: each line top is rounded where its glyphs are placed ' +
      '(Chrome snaps glyph baselines to the pixel grid the same way), the half-leading stays floored.',
    edits: [
      // Simple text (one style, no inline boxes): the line box height and where its words are drawn.
      { find: 'DA=dA?Math.round(W.height(kA)):0', replace: 'DA=dA?W.height(kA):0' },
      { find: 'let lg=Math.round(W.height(kA));lg>DA&&', replace: 'let lg=W.height(kA);lg>DA&&' },
      { find: 'oA.push({y:yA,x:yg,width:0,', replace: 'oA.push({y:Math.round(yA),x:yg,width:0,' },
      { find: 'oA.push({y:yA,x:yg,width:fg,', replace: 'oA.push({y:Math.round(yA),x:yg,width:fg,' },
      // Inline formatting (mixed runs, inline boxes): the strut, each run's share of the line, the glyph baseline.
      { find: 'r=Math.round(s.height(VC))-a,', replace: 'r=s.height(VC)-a,' },
      { find: 'FA=Math.round(O.height(z.text))-nA;', replace: 'FA=O.height(z.text)-nA;' },
      { find: 'baseline:o.top+o.baseline-w}', replace: 'baseline:Math.round(o.top)+o.baseline-w}' },
    ],
  },
  {
    name: 'line-height-length-inherits',
    why:
      'a line-height given as a length (22px, 1.6em, 140%) is inherited as that length, as CSS computes it: a ' +
      'child with another font size keeps the same line boxes; satori turned every line-height into a multiple ' +
      "of the declaring element's font size and inherited the multiple, so `body { font-size: 14px; " +
      'line-height: 1.6em }` gave a 16px cell 25.6px lines instead of 22.4px. A unitless number is still ' +
      'inherited as the number. The length travels down as `_lineHeightPx` (an inherited internal property). ' +
      'Also: a line-height under font-size 0 (e-mail image wrappers, `font-size:0; line-height:0`) divided by the ' +
      'zero size and came out NaN, so the wrapper collapsed and its picture moved up; it is 0 now.',
    edits: [
      { find: '"_cullMargin"]);function cn(A)', replace: '"_cullMargin","_lineHeightPx"]);function cn(A)' },
      {
        find: 'let t=tG(B.fontSize,g.fontSize,g);',
        replace:
          'let t=tG(B.fontSize,g.fontSize,g),lhInherited=B.lineHeight===void 0&&typeof g._lineHeightPx=="number"&&t>0;lhInherited&&(B.lineHeight=g._lineHeightPx/t,B._lineHeightPx=g._lineHeightPx);',
      },
      {
        find: 'if(s==="lineHeight")typeof a=="string"&&a!=="normal"&&(a=B[s]=IG(a,t,g));else{',
        replace:
          'if(s==="lineHeight"){if(typeof a=="string"){let L=a.trim(),N=/^[+-]?(\\d+\\.?\\d*|\\.\\d+)(e[+-]?\\d+)?$/i.test(L);if(L==="normal")B._lineHeightPx=void 0;else if(N)a=B[s]=Number(L),B._lineHeightPx=void 0;else{let px=t>0?IG(a,t,g)*t:rA(L,t,t,g,!0);px=Number.isFinite(px)?px:0;a=B[s]=t>0?px/t:0;B._lineHeightPx=px}}else lhInherited||(B._lineHeightPx=void 0)}else{',
      },
    ],
  },
  {
    name: 'th-center-unless-aligned',
    why:
      "a header cell is centred only when its parent's text-align is the initial one (HTML's rendering rules; " +
      'Chrome\'s UA sheet says `th { text-align: -internal-center }`): `<thead style="text-align:left">` or ' +
      "Tailwind's `text-left` on the table's head keeps its headers left-aligned. satori knows no such value; the " +
      "patch resolves it against the inherited text-align where the element's style is computed.",
    find: 'let t=tG(B.fontSize,g.fontSize,g)',
    replace:
      'B.textAlign==="-internal-center"&&(B.textAlign=g.textAlign===void 0||g.textAlign==="start"?"center":g.textAlign);let t=tG(B.fontSize,g.fontSize,g)',
  },
  {
    name: 'glyph-path-numbers',
    why:
      'speed only, the same SVG text: every glyph outline becomes path data with each coordinate rounded to 0.1 ' +
      "and written by JavaScript's number-to-string conversion, which for a fraction runs the shortest-round-trip " +
      'algorithm — about half the layout time of a text-heavy page. The patch writes the same text from integers ' +
      "(tenths → whole part, '.', digit), which V8 converts on a fast path; `test/satori-glyph-paths.test.ts` " +
      "checks the numbers against satori's own formatting.",
    find: 'function fd(A,g,I,C,B=0){let E=(o,e)=>nr(g+(o+B*e)*C),Q=o=>nr(I-o*C),i="";for(let o of A)switch(o.type){case"M":case"L":i+=`${o.type}${E(o.x,o.y)} ${Q(o.y)}`;break;case"Q":i+=`Q${E(o.x1,o.y1)} ${Q(o.y1)} ${E(o.x,o.y)} ${Q(o.y)}`;break;case"C":i+=`C${E(o.x1,o.y1)} ${Q(o.y1)} ${E(o.x2,o.y2)} ${Q(o.y2)} ${E(o.x,o.y)} ${Q(o.y)}`;break;case"Z":i+="Z";break}return i}',
    replace:
      'function tenthsText(k){if(k===0)return"0";let s="";k<0&&(s="-",k=-k);let d=k%10;return d===0?s+(k-d)/10:s+(k-d)/10+"."+d}' +
      'function tenths(A){return tenthsText(A<0?-Math.round(-A*10):Math.round(A*10))}' +
      'function fd(A,g,I,C,B=0){let E=(o,e)=>tenths(g+(o+B*e)*C),Q=o=>tenths(I-o*C),i="";for(let o of A)switch(o.type){case"M":case"L":i+=o.type+E(o.x,o.y)+" "+Q(o.y);break;case"Q":i+="Q"+E(o.x1,o.y1)+" "+Q(o.y1)+" "+E(o.x,o.y)+" "+Q(o.y);break;case"C":i+="C"+E(o.x1,o.y1)+" "+Q(o.y1)+" "+E(o.x2,o.y2)+" "+Q(o.y2)+" "+E(o.x,o.y)+" "+Q(o.y);break;case"Z":i+="Z";break}return i}',
  },
  {
    name: 'glyph-advances-whole-pixels',
    why:
      "with the option `wholePixelAdvances`, every glyph's advance and its kerning are each rounded to whole " +
      'pixels and every glyph is drawn at a whole-pixel x, as Chromium on Linux lays text out at device scale 1 (no ' +
      "subpixel positioning: Skia's advances come rounded, and HarfBuzz's kerning is rounded apart from them): " +
      'Inter 16px `i` is 4 px wide there, not 3.875, so ten of them are 40 px, not 38.75; Inter Bold 28px ' +
      '"Robust rendering" is 236 px (each glyph rounded with its kerning would give 238). satori kept the ' +
      "fractions, so its lines were up to a few px narrower than Chrome's and wrapped a word later. The flag rides " +
      "on the root's inherited style.",
    edits: [
      {
        find: '"_viewportWidth","_viewportHeight","_chRatio"',
        replace: '"_viewportWidth","_viewportHeight","_wholePixelAdvances","_chRatio"',
      },
      {
        find: 'inheritedStyle:{...hB,_viewportWidth:Q,_viewportHeight:i}',
        replace:
          'inheritedStyle:{...hB,_viewportWidth:Q,_viewportHeight:i,_wholePixelAdvances:g.wholePixelAdvances===!0}',
      },
      {
        find: 'measure:(y,Y)=>this.measure(y,Y,x),getSVG:(y,Y,u)=>this.getSVG(y,Y,x,w,u)}',
        replace:
          'measure:(y,Y)=>this.measure(y,Y,x,Q._wholePixelAdvances),getSVG:(y,Y,u)=>this.getSVG(y,Y,x,w,u,Q._wholePixelAdvances)}',
      },
      {
        find: 'measure(g,{fontSize:I,letterSpacing:C=0,wordSpacing:B,fontFeatureSettings:E},Q){var s,a;let i=Q(g,E),o=0,e=0;for(let[,r,c]of i){let D=0;for(let h=0;h<c.length;h++)D+=c[h].ax,((s=c[h+1])==null?void 0:s.cl)!==c[h].cl&&e++;o+=D/r.unitsPerEm*I}',
        replace:
          'measure(g,{fontSize:I,letterSpacing:C=0,wordSpacing:B,fontFeatureSettings:E},Q,P){var s,a;let i=Q(g,E),o=0,e=0;for(let[,r,c]of i){let D=0,k=I/r.unitsPerEm;for(let h=0;h<c.length;h++)D+=P?wpa(r.glyphs.get(c[h].g),c[h],k):c[h].ax*k,((s=c[h+1])==null?void 0:s.cl)!==c[h].cl&&e++;o+=D}',
      },
      {
        find: 'getSVG(g,{fontSize:I,top:C,left:B,letterSpacing:E=0,wordSpacing:Q,fontFeatureSettings:i,direction:o},e,t,n){',
        replace:
          'getSVG(g,{fontSize:I,top:C,left:B,letterSpacing:E=0,wordSpacing:Q,fontFeatureSettings:i,direction:o},e,t,n,P){',
      },
      { find: 'let K=r+Y.dx*b,z=c+Y.dy*b', replace: 'let K=P?Math.round(r+Y.dx*b):r+Y.dx*b,z=c+Y.dy*b' },
      { find: 'r+=Y.ax*b,', replace: 'r+=P?wpa(u,Y,b):Y.ax*b,' },
      {
        // A shaped glyph's advance in whole pixels (G: its glyph, which getSVG has at hand already): its own advance
        // and the shaper's adjustment (kerning) rounded apart, half away from zero (lroundf), as Chromium adds them.
        // The advance comes from FreeType in 26.6 fixed point, so it is on a 1/64 px grid before it is rounded: Inter
        // 18px `e` is 10.494 px, 10.5 in 26.6, and 11 px wide in Chromium.
        find: '};function md(A,g,I){',
        replace:
          '};function wpa(G,c,s){let u=G&&typeof G.advanceWidth=="number"?G.advanceWidth:c.ax,a=Math.round(u*s*64)/64,k=(c.ax-u)*s;return(a<0?-Math.round(-a):Math.round(a))+(k<0?-Math.round(-k):Math.round(k))}function md(A,g,I){',
      },
    ],
  },
  {
    name: 'glyph-path-cache',
    why:
      "speed only: a glyph's outline is turned into path data once per font size, slant and sub-pixel offset, and " +
      'kept: the first point is written where the glyph stands, the rest as relative commands (`l`, `q`, `c`, `m`) ' +
      'that are the same wherever the glyph stands; a line to the point it starts from (a fifth of the commands of ' +
      "Inter's outlines) is left out. The coordinates are the same tenths of a pixel as before, counted " +
      'from whole pixels, so a page of text writes each letter once instead of once per occurrence, in shorter path ' +
      "data. A glyph reaching left of or above the canvas's origin is written as before (half away from zero).",
    edits: [
      {
        find: '_=fd(u.path.commands,K,z,I/(u.path.unitsPerEm||1e3),S)',
        replace: '_=glyphPath(u,K,z,I/(u.path.unitsPerEm||1e3),S)',
      },
      {
        // After glyph-path-numbers, which writes `tenthsText` (tenths of a pixel as text) and `fd` (the absolute
        // formatting glyphPath falls back on).
        find: 'function tenths(A){',
        replace: `${GLYPH_PATH_CACHE}function tenths(A){`,
      },
    ],
  },
  {
    name: 'glyph-runs',
    why:
      'speed only, the same SVG once expanded: with the option `glyphRuns` (an array), the glyphs of each text ' +
      "run are handed over as data (glyph-path-cache's start point and cached relative outline per glyph) and " +
      "the path data is a token `~N` (N: the run's index in the array), so a page of text is not written into a " +
      'megabyte of path data and read back with regular expressions. Synthetic bold (a stroked path) is written ' +
      'as before. Pictor expands every token it does not paint itself (layout/glyph-runs.ts).',
    edits: [
      { find: '"_lineHeightPx"]);function cn(A)', replace: '"_lineHeightPx","_glyphRuns"]);function cn(A)' },
      {
        find: 'inheritedStyle:{...hB,_viewportWidth:Q,_viewportHeight:i,_wholePixelAdvances:g.wholePixelAdvances===!0}',
        replace:
          'inheritedStyle:{...hB,_viewportWidth:Q,_viewportHeight:i,_wholePixelAdvances:g.wholePixelAdvances===!0,_glyphRuns:Array.isArray(g.glyphRuns)?g.glyphRuns:void 0}',
      },
      {
        find: 'getSVG:(y,Y,u)=>this.getSVG(y,Y,x,w,u,Q._wholePixelAdvances)}',
        replace: 'getSVG:(y,Y,u)=>this.getSVG(y,Y,x,w,u,Q._wholePixelAdvances,Q._glyphRuns)}',
      },
      {
        find: 'getSVG(g,{fontSize:I,top:C,left:B,letterSpacing:E=0,wordSpacing:Q,fontFeatureSettings:i,direction:o},e,t,n,P){',
        replace:
          'getSVG(g,{fontSize:I,top:C,left:B,letterSpacing:E=0,wordSpacing:Q,fontFeatureSettings:i,direction:o},e,t,n,P,R){',
      },
      {
        find: 'let a=[],r=B,c=C,D="",h="",w=tr(Q);',
        replace: 'let a=[],r=B,c=C,D="",h="",w=tr(Q),glyphRun=R?[]:void 0;',
      },
      {
        find: '_=glyphPath(u,K,z,I/(u.path.unitsPerEm||1e3),S)',
        replace:
          '_=glyphRun&&!L?glyphRecord(glyphRun,u,K,z,I/(u.path.unitsPerEm||1e3),S):glyphPath(u,K,z,I/(u.path.unitsPerEm||1e3),S)',
      },
      {
        find: 'return{path:D,boldPath:h,boxes:a}}',
        replace: 'return{path:glyphRun&&glyphRun.length>0?"~"+(R.push(glyphRun)-1):D,boldPath:h,boxes:a}}',
      },
    ],
  },
  {
    name: 'no-enable-background-scan',
    why:
      'speed only: satori searched the whole document for `in="BackgroundImage"` (a backdrop-filter) to set the ' +
      "root's `enable-background`, which resvg ignores (the pixels are the same with and without it). The search " +
      'made the engine copy the document into one string before the final one is made; a 40-line page is about 1 MB, ' +
      'and on these machines fresh megabytes cost page faults.',
    find: `"enable-background":I.includes('in="BackgroundImage"')?"new":void 0},I)`,
    replace: '},I)',
  },
  {
    name: 'plain-text-graphemes',
    why:
      'speed only: text made only of characters that never join a grapheme cluster with each other (ASCII, Latin-1, ' +
      'Latin Extended, Greek, Cyrillic without its combining marks, dashes, quotes and other general punctuation, ' +
      'currency signs, CJK ideographs and punctuation, kana, Hangul syllables, fullwidth forms: PLAIN_TEXT) is ' +
      'split one character per cluster, without Intl.Segmenter. satori splits every text node into clusters, twice, ' +
      'to find the characters its fonts lack; the segmenter makes an object and a string per character, and a ' +
      '20,000-character paragraph took 2.7 s and over 64 MB of heap, most of it garbage collection.',
    find: 'if(g==="grapheme")Q=[..._n("grapheme",I).segment(A)].map(i=>i.segment);',
    replace: `if(g==="grapheme")Q=${PLAIN_TEXT}.test(A)?[...A]:[..._n("grapheme",I).segment(A)].map(i=>i.segment);`,
  },
  {
    name: 'inline-flex-baseline',
    why:
      "an inline-flex or inline-grid box sits on the line by its first item: that item's baseline, or, for an item " +
      'without one (an <svg>, an <img>), its bottom border edge (CSS Flexbox §8.5, as Chrome aligns it); satori ' +
      "took the box's last line box or else its bottom margin edge, as for an inline-block, so an icon tile " +
      "(Tailwind's `inline-flex p-3` around an <svg>) stood on its bottom padding and its line came out taller by " +
      "that padding less the strut's descent, pushing everything under it down.",
    edits: [
      {
        find: 'r=g.style.overflow==="hidden"?void 0:Gr(B)',
        replace:
          'r=g.style.__innerDisplay==="flex"||g.style.__innerDisplay==="grid"?firstItemBaseline(B):g.style.overflow==="hidden"?void 0:Gr(B)',
      },
      {
        find: 'function Gr(A){',
        replace:
          'function firstItemBaseline(A){for(let C=0;C<A.children.length;C++){let g=A.children[C];if(g.style.position==="absolute"||g.style.display==="none"||g.style.display==="contents")continue;let I=Gr(g);return g.layout.top+(I===void 0?g.layout.height:I)}}function Gr(A){',
      },
    ],
  },
  {
    name: 'break-beside-atomic-inline',
    why:
      'a line may break between an atomic inline (a picture, an inline-block) and a no-break space beside it, as ' +
      "in Chrome: e-mail's `<img>&nbsp;<b>Step&nbsp;1</b>` wraps the label under the picture in a narrow cell. " +
      "satori's line breaker sees the atomic inline as U+FFFC (UAX #14 class CB), which the no-break space (GL) " +
      'glues to its neighbour, so picture and label stayed on one line and overflowed the cell.',
    find: 'B.required?Q.push(!0):Q.push(!1),C=B.position,B=I.nextBreak()}return{words:E,requiredBreaks:Q}}',
    replace:
      'B.required?Q.push(!0):Q.push(!1),C=B.position,B=I.nextBreak()}if(!A.includes("\\uFFFC"))return{words:E,requiredBreaks:Q};let W=[],R=[];E.forEach((w,n)=>{w.split(/(?<=\\uFFFC)(?=\\u00a0)|(?<=\\u00a0)(?=\\uFFFC)/).forEach((x,k)=>{W.push(x),R.push(k===0?Q[n]:!1)})}),R.push(Q[E.length]);return{words:W,requiredBreaks:R}}',
  },
  {
    name: 'trailing-no-break-spaces-stay',
    why:
      'no-break spaces at the end of a line take their width, as in Chrome: only collapsible white space (spaces and ' +
      "tabs) hangs at a line's end. satori measured the hanging part with String#trimEnd, which also removes U+00A0, " +
      "so e-mail's button `&nbsp;&nbsp;A Button&nbsp;&nbsp;` in a shrink-to-fit box lost its right-hand padding.",
    find: 'z=y.text.trimEnd();S.trailing=K&&z!==y.text?y.width-u(z):0',
    replace: 'z=y.text.replace(/[ \\t\\n\\r\\f]+$/,"");S.trailing=K&&z!==y.text?y.width-u(z):0',
  },
  {
    name: 'object-fit-none-and-position',
    why:
      '`object-fit: none` draws the picture at its natural size (satori stretched it as for `fill`), and ' +
      '`object-position` places the picture as CSS does: a percentage is of the free space (the box less the ' +
      "picture), a length is an offset from the box's edge. satori took a length as a percentage-like point of both " +
      'box and picture, so `object-fit: none; object-position: 10px 20px` drew the picture 3 px left of the box.',
    find: 'if(i)T=i;else if(n.objectFit==="contain"){let EA=J/M,oA=p/v,wA=Math.min(EA,oA);m=M*wA,V=v*wA,gA=g+X+f-m*f/J,AA=I+j+H-V*H/p,T="none"}else if(n.objectFit==="cover"){let EA=J/M,oA=p/v,wA=Math.max(EA,oA);m=M*wA,V=v*wA,gA=g+X+f-m*f/J,AA=I+j+H-V*H/p,T="none"}else if(n.objectFit==="fill")T="none";else if(n.objectFit==="scale-down")if(M&&v){let EA=J/M,oA=p/v,wA=Math.min(EA,oA);if(wA>=1)m=M,V=v,T="none",gA=g+X+f-m*f/J,AA=I+j+H-V*H/p;else{let NA=wA;m=M*NA,V=v*NA,gA=g+X+f-m*f/J,AA=I+j+H-V*H/p,T="none"}}else{let EA=J/M,oA=p/v,wA=Math.min(EA,oA);m=M*wA,V=v*wA,gA=g+X+f-m*f/J,AA=I+j+H-V*H/p,T="none"}else T="none";',
    replace:
      'if(i)T=i;else{let F=n.objectFit;if(F==="contain"||F==="cover"||F==="scale-down"||F==="none"){let EA=J/M,oA=p/v,wA=F==="cover"?Math.max(EA,oA):F==="contain"?Math.min(EA,oA):F==="scale-down"?Math.min(EA,oA,1):1;m=M*wA,V=v*wA;let[PX,PY]=ZF(k,J-m,p-V);gA=g+X+PX,AA=I+j+PY}T="none"}',
  },
];

/** satori's ES module entry, the file the patches apply to. */
export const SATORI_ENTRY = /[\\/]satori[\\/]dist[\\/]index\.js$/;

/**
 * `source` (satori's dist/index.js) with every patch applied (or those of `patches`, for a test that compares with
 * one left out); throws when one does not match exactly once.
 */
export function patchSatori(source, patches = SATORI_PATCHES) {
  let out = source;
  for (const patch of patches) {
    for (const edit of 'edits' in patch ? patch.edits : [patch]) {
      const at = out.indexOf(edit.find);
      if (at === -1 || out.indexOf(edit.find, at + 1) !== -1) {
        throw new Error(
          `satori patch "${patch.name}": the text ${JSON.stringify(edit.find)} is ${at === -1 ? 'missing' : 'there more than once'} in satori's dist/index.js; satori changed: redo the patch (packages/core/build/satori-patch.mjs)`,
        );
      }
      out = out.slice(0, at) + edit.replace + out.slice(at + edit.find.length);
    }
  }
  return out;
}

/** The esbuild (tsup) plugin: load satori's entry patched. */
export function satoriPatchEsbuild() {
  return {
    name: 'pictor-satori-patch',
    setup(build) {
      build.onLoad({ filter: SATORI_ENTRY }, (args) => ({
        contents: patchSatori(readFileSync(args.path, 'utf8')),
        loader: 'js',
      }));
    },
  };
}

/** The Vite (vitest) plugin: transform satori's entry the same way; needs `server.deps.inline: ['satori']`. */
export function satoriPatchVite() {
  return {
    name: 'pictor-satori-patch',
    enforce: 'pre',
    transform(code, id) {
      return SATORI_ENTRY.test(id.split('?')[0]) ? { code: patchSatori(code), map: null } : undefined;
    },
  };
}
