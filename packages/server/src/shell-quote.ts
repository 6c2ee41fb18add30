/** `text` as one single-quoted POSIX shell word, for the copy-pasteable commands the server prints and shows. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
