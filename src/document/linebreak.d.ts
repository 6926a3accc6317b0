/** The `linebreak` package (UAX #14, the implementation pdfkit uses) ships no type declarations. */
declare module 'linebreak' {
  interface Break {
    /** UTF-16 index before which the line may break. */
    position: number;
    /** A mandatory break (after a line or paragraph separator). */
    required: boolean;
  }
  class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
  export = LineBreaker;
}
