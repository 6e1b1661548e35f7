/**
 * Characters that act on a terminal or a receipt printer rather than print: C0 and C1 controls
 * (ESC, CSI, GS: escape sequences, paper cut, cash drawer), DEL, and the marks, embeddings,
 * overrides and isolates of bidirectional text, which disguise what a line says. Text from a
 * server is cleaned of them before a person or a printer sees it.
 */
const UNSAFE_CLASS = '\\u0000-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

export const UNSAFE_CHARACTERS = new RegExp(`[${UNSAFE_CLASS}]`, 'g');

/**
 * The unsafe characters but the whitespace a caller lays out itself (`kept`: tab, line feed,
 * carriage return), e.g. a table that turns tabs into spaces and keeps its line breaks.
 */
export function unsafeCharactersBut(kept: string): RegExp {
  const escaped = [...kept].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  // Class subtraction (the v flag): the shared set less the kept characters, defined once.
  return new RegExp(`[[${UNSAFE_CLASS}]--[${escaped}]]`, 'gv');
}
