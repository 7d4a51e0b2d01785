/**
 * Size and depth limits of the renderer. No real note comes near them; they exist because the
 * parsers recurse per nesting level and micromark slows down sharply on deeply nested containers.
 */
export const renderLimits = {
  /** Markdown lines nesting more lists and block quotes than this render without lists and quotes. */
  maxContainerDepth: 32,
  /** Elements nested deeper than this are unwrapped to their text (browsers stop at 512). */
  maxElementDepth: 256,
  /** Longer `style` attributes are dropped whole rather than parsed. */
  maxStyleLength: 2048,
  /** No allowed style value (a colour, a keyword or two) comes near this; longer ones are dropped. */
  maxStyleValueLength: 128,
  /** Code blocks with more characters than this are not syntax-highlighted. */
  maxHighlightedCodeLength: 64 * 1024,
} as const;
