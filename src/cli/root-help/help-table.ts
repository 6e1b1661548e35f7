/**
 * A command's help as data: the lines that never wrap, and the items (term and description)
 * under each heading, in the order commander's help lists them. The build makes the program's
 * own table (table-from-program.ts) so that `shopprop --help` is printed without commander.
 */
export interface HelpTable {
  usage: string;
  description: string;
  /** The widest term of every list, which all descriptions start after. */
  termWidth: number;
  /** Below this many columns a description is not wrapped. */
  minWidthToWrap: number;
  sections: HelpSection[];
  /** The text added after the help (commander's addHelpText 'after'), written as it is. */
  after: string;
}

export interface HelpSection {
  heading: string;
  items: [term: string, description: string][];
}
