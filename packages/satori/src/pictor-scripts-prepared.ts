/**
 * Pictor (scripts-prepared): the data complex scripts need besides their fonts — bidi-js's character classes, ICU's
 * word dictionary for Thai, Lao, Khmer and Myanmar — each read on its first use, once per thread. A caller that loads
 * those scripts' fonts outside a render's time limit reads these with them, so a first render of such text is timed
 * for its content alone.
 */
import { prepareBidi } from './text/pictor-bidi.js'
import { prepareSoutheastAsianWords } from './text/pictor-line-breaks.js'

/** Read the scripts' data now (cheap after the first call). */
export function prepareScripts(): void {
  prepareBidi()
  prepareSoutheastAsianWords()
}
