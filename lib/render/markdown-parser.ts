import type { Nodes, Root } from "mdast";
import { fromMarkdown, type Extension as MdastExtension, type Options } from "mdast-util-from-markdown";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { gfmFootnote } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";
import type { Plugin } from "unified";
import { parseInPieces } from "./parse-in-pieces";

type SyntaxExtension = NonNullable<Options["extensions"]>[number];
type Construct = Extract<NonNullable<SyntaxExtension["text"]>[number], { tokenize: unknown }>;

// GFM's autolink literal constructs, taken apart. The e-mail one is tried at every letter and digit
// of the text, and can only succeed at an `@`; the URL ones start at `h` (http) and `w` (www).
const autolinkConstructs = gfmAutolinkLiteral().text ?? {};
const protocolAutolink = (autolinkConstructs[104] as Construct[])[1]!;
const wwwAutolink = (autolinkConstructs[119] as Construct[])[1]!;
const urlAutolinks: SyntaxExtension = {
  text: { 72: protocolAutolink, 104: protocolAutolink, 87: wwwAutolink, 119: wwwAutolink },
};
const autolinkLiteral = gfmAutolinkLiteralFromMarkdown();
const [findTextLinks] = autolinkLiteral.transforms ?? [];

// What a text node's decoded value must hold for the search below to find a link in it: its
// patterns start at `http://`, `https://` or `www.`, and every address has an `@`.
const TEXT_LINK = /@|www\.|https?:\/\//i;

function holdsTextLink(block: Nodes): boolean {
  const stack: Nodes[] = [block];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "text" && TEXT_LINK.test(node.value)) return true;
    if ("children" in node) for (const child of node.children) stack.push(child);
  }
  return false;
}

// The search for URLs and addresses in text, run only on the top-level blocks whose text can hold
// one: it matches within one text node at a time, so skipping the others changes nothing, and it
// costs about a sixth of a short note's render (it walks every node, a closure for each).
const autolinkLiteralWhereText: MdastExtension = {
  ...autolinkLiteral,
  transforms: [
    (tree) => {
      // The search changes text nodes in place, wherever their blocks sit in the real tree.
      const blocks = tree.children.filter(holdsTextLink);
      if (blocks.length > 0) findTextLinks?.({ type: "root", children: blocks });
    },
  ],
};

// Built once: extensions are plain tables of constructs and handlers, read by each parse.
const syntax = {
  autolinks: gfmAutolinkLiteral(),
  footnote: gfmFootnote(),
  strikethrough: gfmStrikethrough(),
  table: gfmTable(),
  taskList: gfmTaskListItem(),
  withoutContainers: { disable: { null: ["list", "blockQuote"] } },
} satisfies Record<string, SyntaxExtension>;
const trees = {
  footnote: gfmFootnoteFromMarkdown(),
  strikethrough: gfmStrikethroughFromMarkdown(),
  table: gfmTableFromMarkdown(),
  taskList: gfmTaskListItemFromMarkdown(),
};

// What a note must contain for each GFM construct to be possible at all: escapes and character
// references cannot make up syntax, so the raw text decides. An address needs an `@` right after
// one of the characters it may hold, so a mention in code (`` `@ops` ``) does not load the construct
// that is tried at every letter. The first `-` closes the first class of the table pattern, so it
// cannot backtrack over a long run of `- - -`.
const TABLE_DELIMITER_ROW = /^[ \t>|:]*-[ \t>|:-]*$/m;
const EMAIL_LITERAL = /[\w+.-]@/;
const URL_LITERAL = /www|http/i;

/** The GFM extensions a note can use, in remark-gfm's order (the order decides which construct wins). */
function extensionsFor(text: string): { extensions: SyntaxExtension[]; mdastExtensions: MdastExtension[] } {
  const extensions: SyntaxExtension[] = [];
  const mdastExtensions: MdastExtension[] = [];
  if (EMAIL_LITERAL.test(text)) extensions.push(syntax.autolinks);
  else if (URL_LITERAL.test(text)) extensions.push(urlAutolinks);
  mdastExtensions.push(autolinkLiteralWhereText);
  if (text.includes("[^")) {
    extensions.push(syntax.footnote);
    mdastExtensions.push(trees.footnote);
  }
  if (text.includes("~")) {
    extensions.push(syntax.strikethrough);
    mdastExtensions.push(trees.strikethrough);
  }
  if (TABLE_DELIMITER_ROW.test(text)) {
    extensions.push(syntax.table);
    mdastExtensions.push(trees.table);
  }
  extensions.push(syntax.taskList);
  mdastExtensions.push(trees.taskList);
  return { extensions, mdastExtensions };
}

/**
 * unified plugin: remark-parse with remark-gfm, except that each note loads only the GFM extensions
 * it can use. Most of them are tried at every line or word (a table at each line start, an e-mail
 * address at each word) and about double the parse of a note that has none of them.
 * `containers: false` turns off lists and block quotes, for notes that nest them absurdly deep.
 * Long notes are parsed in pieces, each with the extensions the whole note needs.
 */
export const remarkParseNote: Plugin<[{ containers: boolean }], string, Root> = function (options) {
  this.parser = (text) => {
    const { extensions, mdastExtensions } = extensionsFor(text);
    if (!options.containers) extensions.push(syntax.withoutContainers);
    return parseInPieces(text, (piece) => fromMarkdown(piece, { extensions, mdastExtensions }));
  };
};
