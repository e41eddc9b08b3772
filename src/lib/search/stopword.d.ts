// stopword 3 ships no type declarations; this covers the one list the index builder reads.
declare module 'stopword' {
  /** English stopwords, lower case. */
  export const eng: string[];
}
