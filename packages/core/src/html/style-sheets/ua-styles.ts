/**
 * Chrome's default styles for the elements satori has no preset for (or draws differently), as zero-
 * specificity rules (`:where()`), added to the document's preamble sheet only when such an element occurs,
 * so every author rule still wins.
 */

/** Rules by tag name. */
export const UA_RULES: Record<string, string> = {
  a: ':where(a[href]){color:#0000ee;text-decoration:underline}',
  abbr: ':where(abbr[title]){text-decoration:underline dotted}',
  address: ':where(address){display:block;font-style:italic}',
  cite: ':where(cite){font-style:italic}',
  dfn: ':where(dfn){font-style:italic}',
  var: ':where(var){font-style:italic}',
  del: ':where(del){text-decoration:line-through}',
  strike: ':where(strike){text-decoration:line-through}',
  ins: ':where(ins){text-decoration:underline}',
  sub: ':where(sub){vertical-align:sub;font-size:smaller}',
  sup: ':where(sup){vertical-align:super;font-size:smaller}',
  samp: ':where(samp){font-family:monospace}',
  tt: ':where(tt){font-family:monospace}',
  // The ruby annotation at half the base's size (ruby.ts lays it out above the base).
  rt: ':where(rt){font-size:50%}',
  // Pictor (summary-disclosure-marker): a details' summary is a list item with Chrome's disclosure triangle.
  summary:
    ':where(details>summary:first-of-type){display:list-item;counter-increment:list-item 0;list-style:disclosure-closed inside}:where(details[open]>summary:first-of-type){list-style-type:disclosure-open}',
  // Pictor (mathml-tables): MathML Core's UA sheet: a block formula is a block, centred; a table's cells are centred
  // (Chromium ignores `columnalign`) with 0.5ex 0.4em of padding; the table's middle is on the formula's axis.
  math: ':where(math[display="block" i]){display:block;text-align:center}',
  mtable: ':where(mtable){vertical-align:middle}',
  mtd: ':where(mtd){text-align:center;padding:0.5ex 0.4em}',
  // Pictor (mathml-scripts-fractions): scripts one level smaller (MathML Core's scale without a MATH table, 0.71),
  // raised or lowered; a fraction's parts stacked over a rule, its middle on the formula's axis (half the x-height
  // above the baseline, as `middle` places it), the parts one level smaller in inline math.
  msup: ':where(msup){padding-right:0.17em}:where(msup)>:where(:nth-child(2)){font-size:71%;line-height:0;vertical-align:0.76em}',
  msub: ':where(msub){padding-right:0.17em}:where(msub)>:where(:nth-child(2)){font-size:71%;line-height:0;vertical-align:-0.4em}',
  msubsup: ':where(msubsup){padding-right:0.17em}',
  mfrac:
    ':where(mfrac){display:inline-flex;flex-direction:column;vertical-align:middle;text-align:center;padding:0 1px}:where(mfrac)>*{display:block;line-height:0.75}:where(mfrac)>:where(:first-child){border-bottom:0.066em solid;padding-bottom:0.12em}:where(mfrac)>:where(:nth-child(2)){padding-top:0.06em}:where(math:not([display="block" i]) mfrac)>*{font-size:71%}:where(math[display="block" i] mfrac)>:where(:first-child){padding-bottom:0.16em}:where(math[display="block" i] mfrac)>:where(:nth-child(2)){padding-top:0.14em}',
  q: ':where(q)::before{content:open-quote}:where(q)::after{content:close-quote}',
  // A replaced element's automatic minimum size keeps Chrome from shrinking it below its own size in a flex row.
  img: ':where(img){flex-shrink:0}',
  svg: ':where(svg){flex-shrink:0}',
  // Chrome draws `1px inset gray` as a #9a9a9a line over an #eeeeee one; satori's inset shading is darker. Its
  // colour is gray, the border colour of a page's own style (hr-attributes.ts hrBorderColor).
  hr: ':where(hr){color:gray;border-style:solid;border-color:#9a9a9a #eeeeee #eeeeee #9a9a9a}',
  // Chrome's box for the bars (its html.css); their native look and value fill are not drawn.
  // Pictor (iframe-empty-box): a frame with nothing loaded (Chrome's html.css `iframe { border: 2px inset }`, a
  // replaced element's 300×150 default size); the inset drawn in the two colours measured for the hr.
  iframe:
    ':where(iframe){display:inline-block;width:300px;height:150px;border:2px solid;border-color:#9a9a9a #eeeeee #eeeeee #9a9a9a;flex-shrink:0}',
  // Pictor (media-empty-box): a video or audio with nothing loaded (Pictor plays nothing): a replaced element of the
  // 300×150 default size; with `controls`, Chromium's dark panel (as a gradient; its buttons and timeline are not
  // drawn). An audio without controls is not rendered (Chrome's html.css); with them, its 300×54 light pill.
  video:
    ':where(video){display:inline-block;width:300px;height:150px;flex-shrink:0}:where(video[controls]){background-image:linear-gradient(#333,#000)}',
  audio:
    ':where(audio){display:none}:where(audio[controls]){display:inline-block;width:300px;height:54px;border-radius:27px;background-color:#f1f3f4;flex-shrink:0}',
  progress:
    ':where(progress){display:inline-block;box-sizing:border-box;height:1em;width:10em;vertical-align:-0.2em}',
  meter:
    ':where(meter){display:inline-block;box-sizing:border-box;height:1em;width:5em;vertical-align:-0.2em}',
};
