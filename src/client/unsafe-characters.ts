/**
 * Characters that act on a terminal or a receipt printer rather than print: C0 and C1 controls
 * (ESC, CSI, GS: escape sequences, paper cut, cash drawer), DEL, and the marks, embeddings,
 * overrides and isolates of bidirectional text, which disguise what a line says. Text from a
 * server is cleaned of them before a person or a printer sees it.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
