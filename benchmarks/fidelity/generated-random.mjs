/** The seeded random choices of generated.mjs's page families. */

/** mulberry32: a small seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they ' +
  'you were her all she there would their we him been has when who will more no if out so said what up its about ' +
  'into than them can only other new some could time these two may then do first any my now such like our over ' +
  'man me even most made after also did many before must through back years where much your way well down should ' +
  'because each just those people how too little state good very make world still own see men work long get here ' +
  'between both life being under never day same another know while last might us great old year off come since ' +
  'against go came right used take three report quarterly revenue analysis results method customer service ' +
  'invoice payment account balance chapter summary experience engineering development management university'
).split(' ');

/** The generator's vocabulary of random choices for one seed. */
export function makeRandom(seed) {
  const r = prng(seed * 7919 + 17);
  const rand = {
    r,
    int: (lo, hi) => lo + Math.floor(r() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(r() * list.length)],
    chance: (p) => r() < p,
    words(n) {
      const out = [];
      for (let i = 0; i < n; i++) out.push(rand.pick(WORDS));
      return out.join(' ');
    },
    title(n) {
      const t = rand.words(n);
      return t.charAt(0).toUpperCase() + t.slice(1);
    },
  };
  return rand;
}
