/**
 * An import file as the store reads it: its whole text (a small file, a test), or a way to open
 * it as a stream of text chunks, so that a file of any length is checked and written a slice at
 * a time. It is opened again each time it is read: a unit of work run again from the start (a
 * PostgreSQL deadlock or unique-index race) reads the file again from its first line.
 */
export type ImportSource = string | { open(): AsyncIterable<string> };
